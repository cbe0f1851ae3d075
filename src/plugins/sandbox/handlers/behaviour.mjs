// What the sandbox does where the standard is silent, and where it differs from a real implementation: the lists the
// sandbox page shows (../page/) and its Markdown twin repeats (src/plugins/markdown-twins/page-twins.mjs).
// Each entry states what the handlers (handler.mjs) do; the unit tests (tests/unit/sandbox/handlers.test.mjs) hold them to it.
// Text: plain sentences, `code` in backticks; `see` is a route under /docs.

/** @typedef {{title: string, text: string, see?: {label: string, route: string}}} BehaviourEntry */

/** Where the standard is silent, the sandbox does this: our choices, each with its reason. @type {BehaviourEntry[]} */
export const oursWhereSilent = [
  {
    title: 'A create at an id that is already in use is refused',
    text:
      'A `POST` to a path where a resource is stored answers `400` with the code `RESOURCE_EXISTS`: the client gives every new resource a new id and changes a stored one with `PUT`. ' +
      'The one exception is the attachment upload, whose specification declares `200` beside `201`: a second upload to the same id replaces the file and answers `200`.',
    see: {label: 'Identifiers', route: '/api/usage-notes/identifiers'},
  },
  {
    title: 'A Location header on every create our specifications give one',
    text:
      'The answer to a create carries `Location`, the path of the new resource under the sandbox, wherever our specification declares it: on the Purchase to Pay creates that is our recommendation, not the published specification. ' +
      'A create without an id in its path (`POST /planning/requests`) gets a new UUID from the sandbox.',
    see: {label: 'Identifiers', route: '/api/usage-notes/identifiers#resource-identifiers'},
  },
  {
    title: 'A PUT replaces the whole message',
    text:
      'The body of a `PUT` replaces the stored message; optional elements it leaves out are gone. That is how the OpenAPI descriptions read; the usage note on PUT says they keep their stored value. Sending the complete message gives the same result under both readings. ' +
      'A `PUT` to an id the sandbox does not hold answers `404`, except where the specification declares `201` for it (Inquiry Pay Equity v2.0 creates with `PUT`).',
    see: {label: 'PUT behavior', route: '/api/usage-notes/put-behavior'},
  },
  {
    title: 'A line is found by its identifier',
    text:
      'Lines belong to their message: a line added with a line call appears in the message, and a line the message was sent with can be read, replaced and deleted at its own path. ' +
      'The path names a line by the `value` of its identifier (`lineId` in planning messages, `id` in timecard lines), which is unique within its message: adding a line whose id the message already holds answers `400` (`LINE_EXISTS`), and the body of a call on one line must hold the line its path names (`LINE_MISMATCH`).',
    see: {label: 'Identifiers', route: '/api/usage-notes/identifiers#line-identifiers'},
  },
  {
    title: 'DELETE answers 204 where declared',
    text: 'A `DELETE` answers `204 No Content` where the specification declares it, and otherwise `200` (with the deleted message or line where that answer has a body). Deleting a message deletes its lines.',
    see: {label: 'Response codes', route: '/api/usage-notes/response-codes#deviations'},
  },
  {
    title: 'setuVersionId: the version of the API, or the example of its specification',
    text:
      'A write takes the version of the API it is sent to, and the value its specification gives the header as an example where that differs (the specifications of Planning and Scheduling v1.0 and Inquiry Pay Equity v1.0 give `2.0`); the list below names the values each API takes. ' +
      'The body is checked against the schemas of the API version it is sent to, whichever value the header has.',
    see: {label: 'Response codes', route: '/api/usage-notes/response-codes#status-codes'},
  },
  {
    title: 'What the validator found, in two headers of the answer',
    text:
      'A body the validator accepts with a warning (such as an `actionCode`, BR 292) or a note (a rule one message cannot show, or a value valid only under one of our repairs of SETU’s published schemas) is stored, and the answer says what was found: `Setu-Validator-Warnings` and `Setu-Validator-Notes`, each a list of quoted strings (RFC 8941) in the form of the `setu-validate` command’s lines, `LINE:COLUMN: message [rule] (path)` for a warning, `LINE:COLUMN: message` for a note on a value (the first that relies on a repair) and `message [rule]` for a note on the whole message. ' +
      'Headers, not a field of the body: the body is the message SETU defines, or nothing, and a field would break it. The local server (`npm run sandbox`) also logs each warning on a line of its own, under the request’s line.',
    see: {label: 'Message validator', route: '/validator'},
  },
  {
    title: 'Our error codes',
    text:
      'The standard publishes no error codes. The sandbox answers every refusal with SETU’s error object, `{"code", "description"}`, with these codes: `INVALID_BODY`, `EMPTY_BODY`, `MISSING_HEADER`, `UNSUPPORTED_VERSION`, `UNSUPPORTED_MEDIA_TYPE`, `INVALID_HEADER`, `MISSING_PARAMETER`, `RESOURCE_EXISTS`, `LINE_EXISTS`, `LINE_MISMATCH` (all `400`), `NOT_FOUND`, `NO_SUCH_OPERATION`, `NO_SUCH_API` (`404`), `METHOD_NOT_ALLOWED` (`405`, with an `Allow` header, the alternative to `404` the usage notes allow), `NOT_ACCEPTABLE` (`406`) and `PAYLOAD_TOO_LARGE` (`413`). ' +
      'An unsupported `Content-Type` is a `400`, as the specifications list it, where HTTP would also allow `415`.',
    see: {label: 'Response codes', route: '/api/usage-notes/response-codes#error-body'},
  },
  {
    title: 'The form of an answer follows Accept',
    text:
      'A message is stored as its model; `Accept: application/xml` returns it in SETU’s XML form, written by the message validator’s own mapping, whichever form it was sent in. Without `Accept` the answer is JSON. ' +
      'Where the operation declares no XML answer (Inquiry Pay Equity v2.0, the planning line reads) or the message has no XML form, `Accept: application/xml` alone answers `406`. A message sent as XML and read as JSON keeps its values as XML wrote them: a time `08:00:00` stays without the UTC offset the JSON form needs.',
    see: {label: 'The XML form', route: '/api/usage-notes/xml-form'},
  },
  {
    title: 'The lists: which messages belong',
    text: '`GET /planning/requests/{id}/assignments` lists the stored planning assignments that refer to the request’s `documentId`; `GET /planning/constraints?hrId=…` lists the stored constraints that hold an identifier with that value. The standard does not say which of a worker’s identifiers `hrId` is.',
  },
  {
    title: 'The attachment’s URL',
    text: 'The upload answers with `Content-Location` (and the body’s `url`) pointing at the attachment’s path in the sandbox. The standard defines no call to fetch or delete an attachment, so the sandbox offers none: it keeps the upload, which this page lists.',
    see: {label: 'Attachments', route: '/api/usage-notes/attachment'},
  },
  {
    title: 'The invoice body',
    text: 'The invoice message is defined by SETU’s invoicing standard, outside this API, whose schema accepts any object. The sandbox checks only that the body is well-formed JSON holding an object, or well-formed XML, and returns it in the form it was sent.',
  },
];

/** Where the sandbox differs from a real implementation of the standard. @type {BehaviourEntry[]} */
export const unlikeRealServers = [
  {
    title: 'Nobody else sees it',
    text: 'Requests never leave your browser: a service worker answers them and keeps the resources in your browser’s storage (IndexedDB), where they stay until you clear them here. Every reader has a sandbox of their own.',
  },
  {
    title: 'No authentication',
    text: 'The standard leaves authentication to the parties; the sandbox asks for none and never answers `401` or `403`.',
  },
  {
    title: 'No business process',
    text: 'The sandbox stores what it is sent and checks it; it does not act on it. A request for quotation brings no human resource, a planning request no assignment: the answers that come later as messages of their own never come.',
    see: {label: 'Synchronous and asynchronous handling', route: '/api/usage-notes/synchronous'},
  },
  {
    title: 'Checks of one message only',
    text: 'A body is checked as the message validator checks it: its schema and the published business rules. What needs other messages is not checked: that a referenced request or line exists, that a document id is unique, or BR 295, which forbids a replacement to change the position, task or location of a planning request or assignment.',
    see: {label: 'Business rules', route: '/planning/business-rules'},
  },
  {
    title: 'Warnings do not refuse',
    text: 'What the validator reports as a warning or a note, such as an `actionCode` in a REST message (BR 292), does not stop a request: the answer carries it in a header (see above).',
  },
  {
    title: 'Bodies up to 5 MB',
    text: 'A larger body answers `413`. XML is read as the validator reads it: a document type declaration, entities other than the predefined ones, and any reference to another file are refused.',
  },
];
