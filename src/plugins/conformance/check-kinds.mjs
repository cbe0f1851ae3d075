// What each kind of check tests, by the last part of its id (`p2p.create-timecard.status` → `status`): the legend of the
// page /docs/conformance and of its Markdown twin. A check of an update that also creates (Inquiry Pay Equity v2.0's PUT)
// puts `replace.` before the name of its update checks. The tests hold the plan to this list: every name it makes has
// an entry here, and every entry is made.

/**
 * @typedef {object} CheckKind
 * @property {string} name
 * @property {string} what what it checks, in Markdown
 * @property {{label: string, route: string}[]} sources where the rule comes from, besides the operation's own page
 */

const responseCodes = {label: 'Response codes', route: '/api/usage-notes/response-codes#status-codes'};
const errorBody = {label: 'Response codes: error body', route: '/api/usage-notes/response-codes#error-body'};
const xmlForm = {label: 'The XML form', route: '/api/usage-notes/xml-form'};
const identifiers = {label: 'Identifiers', route: '/api/usage-notes/identifiers'};
const sandboxOurs = {label: 'The sandbox: where the standard is silent', route: '/sandbox#ours'};

/** @type {CheckKind[]} */
export const checkKinds = [
  {
    name: 'status',
    what: 'The call answers a status its specification declares: `201` for a create where declared, `200` or `204` as declared otherwise; never `202`.',
    sources: [responseCodes],
  },
  {
    name: 'location',
    what: 'A create’s answer carries the `Location` it declares, the address of what was made, under the base URL. Where this site’s specification adds the header to the published one (the Purchase to Pay creates), the check is our reading.',
    sources: [identifiers],
  },
  {name: 'date', what: 'The answer carries the `Date` header it declares, a valid HTTP date.', sources: []},
  {name: 'content-location', what: 'The upload’s answer carries the `Content-Location` it declares, on the base URL.', sources: []},
  {name: 'content-type', what: 'The answer’s `Content-Type` is the form the request asked for (`application/json`).', sources: []},
  {
    name: 'body',
    what: 'The answer’s body is valid against the schema the operation declares, judged by the message validator, business rules included.',
    sources: [{label: 'Message validator', route: '/validator'}],
  },
  {name: 'kept', what: 'What was created, updated or added reads back equal to what was sent.', sources: []},
  {name: 'gone', what: 'After a delete, a read of what was deleted answers `404`.', sources: [responseCodes]},
  {
    name: 'unknown-id',
    what: 'A call on an id the server does not hold answers `404` (an update does not create it).',
    sources: [responseCodes],
  },
  {
    name: 'invalid-message',
    what: 'A broken copy of the spec’s example (one required property left out) is refused with `400`.',
    sources: [responseCodes],
  },
  {name: 'missing-version', what: 'A write without the `setuVersionId` header is refused with `400`.', sources: [responseCodes]},
  {
    name: 'unsupported-content-type',
    what: 'A body sent as `Content-Type: text/plain` is refused with `400`, the code SETU’s response codes give an invalid request; they list no `415`, HTTP’s own code for an unsupported media type.',
    sources: [responseCodes],
  },
  {
    name: 'error-object',
    what: 'Every refusal of the operation carries SETU’s error object, `{"code", "description"}`.',
    sources: [errorBody],
  },
  {
    name: 'error-code',
    what: 'Every refusal’s error object names both a `code` and a `description`, which the schema leaves optional.',
    sources: [errorBody, sandboxOurs],
  },
  {
    name: 'xml-request',
    what: 'A create takes the message in its XML form (`Content-Type: application/xml`), where the operation declares it.',
    sources: [xmlForm],
  },
  {name: 'xml-request.kept', what: 'What was created in XML reads back, as JSON, equal to the same message.', sources: [xmlForm]},
  {name: 'xml.status', what: 'A read with `Accept: application/xml` answers `200`, where the operation declares XML.', sources: [xmlForm]},
  {name: 'xml.content-type', what: 'That answer’s `Content-Type` is `application/xml`.', sources: [xmlForm]},
  {
    name: 'xml.body',
    what: 'That answer is valid in SETU’s XML form, as the validator judges XML: namespace, root, element order, datatypes.',
    sources: [xmlForm],
  },
  {name: 'xml.kept', what: 'That answer holds the message that was sent.', sources: [xmlForm]},
  {name: 'exists', what: 'A second create at an id already in use is refused with `400`.', sources: [identifiers, sandboxOurs]},
  {
    name: 'replaces-whole',
    what: 'A `PUT` that leaves out an optional element removes it: the body replaces the whole message.',
    sources: [{label: 'PUT behavior', route: '/api/usage-notes/put-behavior#sources-disagree'}, sandboxOurs],
  },
  {name: 'no-content', what: 'A delete answers `204 No Content` where its specification declares it beside `200`.', sources: [sandboxOurs]},
  {
    name: 'in-message',
    what: 'A line added with a line call is part of its message: a read of the message holds it.',
    sources: [identifiers, sandboxOurs],
  },
  {
    name: 'members',
    what: 'A list holds the message the kit made for it (one that refers to the resource, or holds the value asked for).',
    sources: [sandboxOurs],
  },
];

/** The kind of a check's name (`replace.kept` → `kept`), or undefined. */
export const kindOf = (/** @type {string} */ name) => checkKinds.find((k) => k.name === name.replace(/^replace\./, ''));
