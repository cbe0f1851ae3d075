// The faults the conformance kit's tests inject (kit.test.mjs): each proxy in front of the sandbox breaks one promise of
// the standard, for the operations of `only`, and must be caught by the check `caught`, and by no other.
import assert from 'node:assert/strict';
import {answer} from './faulty-server.mjs';

/** @typedef {import('./faulty-server.mjs').ProxyRequest} ProxyRequest */
/** @typedef {import('./faulty-server.mjs').Fault} Fault */

const isJson = (/** @type {import('./faulty-server.mjs').ProxyRequest} */ r) =>
  (r.headers.get('content-type') ?? '').startsWith('application/json');
const accepts = (/** @type {import('./faulty-server.mjs').ProxyRequest} */ r, /** @type {string} */ type) =>
  (r.headers.get('accept') ?? '').includes(type);
const matches = (
  /** @type {import('./faulty-server.mjs').ProxyRequest} */ r,
  /** @type {string} */ method,
  /** @type {RegExp} */ pathPattern,
) => r.method === method && pathPattern.test(r.path.split('?')[0]);
const uuid = '[0-9a-f-]{36}';

/** Paths a request wrote to (an id the run made): some faults are for reads of those only, not of unknown ids. */
const writtenTo = () => {
  const written = new Set();
  return (/** @type {ProxyRequest} */ r) => {
    if (r.method !== 'GET') written.add(r.path);
    return r.method === 'GET' && written.has(r.path);
  };
};

/**
 * A server whose creates name, in their Location, an address above the base URL (`/../../outside-base/victim`, which
 * a Location resolved without its dot segments would let the kit call) for the requests `which` picks. It counts the
 * requests that reach it outside the base URL, and `tidy` deletes what the sandbox made under the hidden addresses (the
 * kit, rightly, leaves it behind).
 * @param {string} api
 * @param {(r: ProxyRequest) => boolean} which
 */
function escapingLocation(api, which) {
  let outside = 0;
  /** @type {string[]} */
  const hidden = [];
  /** @type {((r: ProxyRequest) => Promise<import('./faulty-server.mjs').ProxyResponse>) | null} */
  let sandbox = null;
  /** @type {Fault} */
  const fault = async (r, forward) => {
    sandbox = forward;
    if (!r.path.startsWith(`/${api}/`)) {
      outside++;
      return {status: 204, headers: new Headers(), body: ''};
    }
    const a = await forward(r);
    const location = a.headers.get('location');
    if (!(r.method === 'POST' && a.status === 201 && location && which(r))) return a;
    hidden.push(location);
    return answer(a, {headers: {location: '/../../outside-base/victim'}});
  };
  const tidy = async () => {
    for (const location of hidden)
      await sandbox?.({
        method: 'DELETE',
        path: new URL(location, 'http://sandbox').pathname,
        host: '127.0.0.1',
        headers: new Headers(),
        body: '',
      });
  };
  return {fault, outside: () => outside, tidy};
}

/**
 * The faults.
 * @param {{models: import('../../../src/plugins/conformance/model.mjs').KitModel[], elsewhere: () => string, elsewhereRequests: () => number}} context
 *   `elsewhere`: the origin of a server that must never be called
 * @returns {{name: string, api: string, only: string, caught: string, fault: Fault, args?: string[], alone?: boolean, then?: (run: {code: number, report: any}) => void | Promise<void>}[]}
 */
export function faultsOf({models, elsewhere, elsewhereRequests}) {
  const faults = [
    {
      name: 'a wrong status on a create (200 for 201)',
      api: 'p2p',
      only: 'create-timecard',
      caught: 'p2p.create-timecard.status',
      fault: async (r, forward) => {
        const a = await forward(r);
        return matches(r, 'POST', /timecard\/[^/]+$/) && isJson(r) && a.status === 201 ? answer(a, {status: 200}) : a;
      },
    },
    {
      name: 'a Location that names another resource (our reading in Purchase to Pay)',
      api: 'p2p',
      only: 'create-assignment',
      caught: 'p2p.create-assignment.location',
      fault: async (r, forward) => {
        const a = await forward(r);
        const location = a.headers.get('location');
        return location ? answer(a, {headers: {location: location.replace(new RegExp(`${uuid}$`), crypto.randomUUID())}}) : a;
      },
    },
    {
      name: 'a Date header that is no date',
      api: 'gelijkwaardige-beloning-2.0',
      only: 'create-or-replace-inquiry-pay-equity',
      caught: 'gelijkwaardige-beloning-2.0.create-or-replace-inquiry-pay-equity.date',
      fault: async (r, forward) => {
        const a = await forward(r);
        return a.status === 201 ? answer(a, {headers: {date: 'yesterday'}}) : a;
      },
    },
    {
      name: 'an attachment’s Content-Location on another host',
      api: 'p2p',
      only: 'upload-attachment',
      args: ['--allow-leftovers'],
      caught: 'p2p.upload-attachment.content-location',
      fault: async (r, forward) => {
        const a = await forward(r);
        // On another host, under the same path as the base URL's.
        const location = a.headers.get('content-location');
        return location ? answer(a, {headers: {'content-location': location.replace(/^http:\/\/[^/]+/, 'http://elsewhere.invalid')}}) : a;
      },
      then: ({report}) => {
        assert.match(
          report.checks.find((c) => c.id === 'p2p.upload-attachment.content-location').detail,
          /on another origin than the base URL/,
        );
        assert.ok(
          report.cleanup.some((c) => c.result === 'left behind' && /no operation of this run deletes it/.test(c.detail)),
          'the upload is reported as left behind',
        );
      },
    },
    {
      name: 'a wrong Content-Type header (text/plain on JSON)',
      api: 'p2p',
      only: 'get-timecard',
      caught: 'p2p.get-timecard.content-type',
      fault: async (r, forward) => {
        const a = await forward(r);
        return matches(r, 'GET', /timecard\/[^/]+$/) && accepts(r, 'json') && a.status === 200
          ? answer(a, {headers: {'content-type': 'text/plain'}})
          : a;
      },
    },
    {
      name: 'an answer that fails its schema (a required property missing)',
      api: 'p2p',
      only: 'create-timecard',
      caught: 'p2p.create-timecard.body',
      fault: async (r, forward) => {
        const a = await forward(r);
        if (!matches(r, 'POST', /timecard\/[^/]+$/) || a.status !== 201) return a;
        const body = JSON.parse(a.body);
        delete body.person;
        return answer(a, {body: JSON.stringify(body)});
      },
      then: ({report}) => {
        const body = report.checks.find((c) => c.id === 'p2p.create-timecard.body');
        assert.match(body.problems[0].text, /person/);
        assert.match(
          body.problems[0].field ?? '',
          /^https:\/\/[^/]+\/docs\/messages\/purchase-to-pay\/2\.0\/Timecard#person$/,
          'the error links its field in the dictionary',
        );
      },
    },
    {
      name: 'an answer that breaks a business rule (BR 291)',
      api: 'planning',
      only: 'update-planning-request',
      caught: 'planning.update-planning-request.body',
      fault: async (r, forward) => {
        const a = await forward(r);
        if (r.method !== 'PUT' || a.status !== 200 || !a.body) return a;
        const body = JSON.parse(a.body);
        if (!body.periodicPlanningLine) return a;
        delete body.positionProfile.positionPeriod;
        return answer(a, {body: JSON.stringify(body)});
      },
      then: ({report}) =>
        assert.match(report.checks.find((c) => c.id === 'planning.update-planning-request.body').problems[0].text, /\[BR 291\]/),
    },
    {
      name: 'a create not kept as sent (a value changed on the way in)',
      api: 'p2p',
      only: 'create-human-resource',
      caught: 'p2p.create-human-resource.kept',
      fault: (r, forward) =>
        forward(r.method === 'POST' && isJson(r) ? {...r, body: r.body.replace(/"(setu-conform-[^"]+)"/, '"$1-changed"')} : r),
    },
    {
      name: 'a create not kept at all (201, then 404)',
      api: 'gelijkwaardige-beloning',
      only: 'create-inquiry-pay-equity',
      caught: 'gelijkwaardige-beloning.create-inquiry-pay-equity.kept',
      fault: async (r, forward) => {
        const a = await forward(r);
        if (r.method === 'POST' && isJson(r) && a.status === 201) await forward({...r, method: 'DELETE', body: ''});
        return a;
      },
    },
    {
      name: 'a create in XML refused (415)',
      api: 'p2p',
      only: 'create-order',
      caught: 'p2p.create-order.xml-request',
      fault: async (r, forward) =>
        r.method === 'POST' && (r.headers.get('content-type') ?? '').includes('xml')
          ? {status: 415, headers: new Headers({'content-type': 'application/json'}), body: '{"code": "XML", "description": "JSON only"}'}
          : forward(r),
    },
    {
      name: 'a create in XML not kept as sent',
      api: 'p2p',
      only: 'create-order',
      caught: 'p2p.create-order.xml-request.kept',
      fault: (r, forward) =>
        forward(r.method === 'POST' && !isJson(r) ? {...r, body: r.body.replace(/<value>setu-conform-/, '<value>changed-')} : r),
    },
    {
      name: 'an invalid message accepted',
      api: 'p2p',
      only: 'update-order',
      caught: 'p2p.update-order.invalid-message',
      fault: async (r, forward) => {
        const a = await forward(r);
        return a.status === 400 && a.body.includes('INVALID_BODY') ? answer(a, {status: 200, body: ''}) : a;
      },
    },
    {
      name: 'a write without setuVersionId accepted',
      api: 'planning',
      only: 'create-planning-constraints',
      caught: 'planning.create-planning-constraints.missing-version',
      fault: (r, forward) => {
        if (r.method === 'POST' && !r.headers.has('setuversionid')) r.headers.set('setuVersionId', '1.0');
        return forward(r);
      },
      then: ({report}) =>
        assert.ok(
          report.cleanup.some((c) => /undone at once/.test(c.detail)),
          'what the accepted request made is deleted at once',
        ),
    },
    {
      name: 'an unsupported Content-Type accepted',
      api: 'planning',
      only: 'add-planning-request-single-lines',
      caught: 'planning.add-planning-request-single-lines.unsupported-content-type',
      fault: (r, forward) => {
        if (r.headers.get('content-type') === 'text/plain') r.headers.set('content-type', 'application/json');
        return forward(r);
      },
    },
    {
      name: 'an unsupported Content-Type refused with 415, HTTP’s code rather than SETU’s 400',
      api: 'gelijkwaardige-beloning-2.0',
      only: 'create-or-replace-inquiry-pay-equity',
      caught: 'gelijkwaardige-beloning-2.0.create-or-replace-inquiry-pay-equity.unsupported-content-type',
      fault: async (r, forward) =>
        r.headers.get('content-type') === 'text/plain'
          ? {
              status: 415,
              headers: new Headers({'content-type': 'application/json'}),
              body: '{"code": "UNSUPPORTED_MEDIA_TYPE", "description": "Send application/json."}',
            }
          : forward(r),
      then: ({report}) =>
        assert.match(
          report.checks.find((c) => c.id.endsWith('.unsupported-content-type')).detail,
          /^415 Unsupported Media Type UNSUPPORTED_MEDIA_TYPE: Send application\/json\.: 415 is HTTP’s own code .*, but SETU’s list of response codes has 400/,
        ),
    },
    {
      name: 'a second create at the same id accepted (our reading)',
      api: 'p2p',
      only: 'create-request-for-quotation',
      caught: 'p2p.create-request-for-quotation.exists',
      fault: async (r, forward) => {
        const a = await forward(r);
        return a.body.includes('RESOURCE_EXISTS') ? answer(a, {status: 201, body: ''}) : a;
      },
      then: ({code}) => assert.equal(code, 0, 'our reading does not decide the exit status'),
    },
    {
      name: 'a refusal without SETU’s error object',
      api: 'gelijkwaardige-beloning-2.0',
      only: 'delete-inquiry-pay-equity',
      caught: 'gelijkwaardige-beloning-2.0.delete-inquiry-pay-equity.error-object',
      fault: async (r, forward) => {
        const a = await forward(r);
        return r.method === 'DELETE' && a.status === 404 ? answer(a, {headers: {'content-type': 'text/plain'}, body: 'Not here'}) : a;
      },
    },
    {
      name: 'an error object without `code` (our reading)',
      api: 'planning',
      only: 'update-planning-assignment',
      caught: 'planning.update-planning-assignment.error-code',
      fault: async (r, forward) => {
        const a = await forward(r);
        if (a.status < 400) return a;
        const {code: _, ...rest} = JSON.parse(a.body);
        return answer(a, {body: JSON.stringify(rest)});
      },
    },
    {
      name: 'no XML where the read offers it (406)',
      api: 'gelijkwaardige-beloning',
      only: 'get-inquiry-pay-equity',
      caught: 'gelijkwaardige-beloning.get-inquiry-pay-equity.xml.status',
      fault: async (r, forward) => (r.method === 'GET' && accepts(r, 'xml') ? {status: 406, headers: new Headers(), body: ''} : forward(r)),
    },
    {
      name: 'XML under the wrong media type (text/xml)',
      api: 'planning',
      only: 'get-planning-assignment',
      caught: 'planning.get-planning-assignment.xml.content-type',
      fault: async (r, forward) => {
        const a = await forward(r);
        return accepts(r, 'xml') && a.status === 200 ? answer(a, {headers: {'content-type': 'text/xml'}}) : a;
      },
    },
    {
      name: 'XML with its elements out of order',
      api: 'planning',
      only: 'get-planning-request',
      caught: 'planning.get-planning-request.xml.body',
      fault: async (r, forward) => {
        const a = await forward(r);
        if (!accepts(r, 'xml') || a.status !== 200) return a;
        // The root's first child element (documentId) moved to the end.
        const first = /\n {2}<documentId>[\s\S]*?\n {2}<\/documentId>/.exec(a.body);
        assert.ok(first);
        return answer(a, {body: a.body.replace(first[0], '').replace(/\n<\/PlanningRequest>/, `${first[0]}\n</PlanningRequest>`)});
      },
      then: ({report}) =>
        assert.match(
          report.checks
            .find((c) => c.id === 'planning.get-planning-request.xml.body')
            .problems.map((p) => p.text)
            .join('\n'),
          /documentId.*order|order.*documentId|expected/i,
        ),
    },
    {
      name: 'XML that does not hold the message sent',
      api: 'p2p',
      only: 'get-assignment',
      caught: 'p2p.get-assignment.xml.kept',
      fault: async (r, forward) => {
        const a = await forward(r);
        return accepts(r, 'xml') && a.status === 200 ? answer(a, {body: a.body.replace('<value>setu-conform-', '<value>changed-')}) : a;
      },
    },
    {
      name: 'an update not kept (the old message restored)',
      api: 'p2p',
      only: 'update-timecard',
      caught: 'p2p.update-timecard.kept',
      fault: (() => {
        const done = new Set();
        return async (r, forward) => {
          if (r.method !== 'PUT' || done.has(r.path)) return forward(r);
          const before = await forward({...r, method: 'GET', body: '', headers: new Headers({accept: 'application/json'})});
          const a = await forward(r);
          if (a.status === 200 && before.status === 200) {
            done.add(r.path);
            await forward({...r, body: before.body});
          }
          return a;
        };
      })(),
    },
    {
      name: 'a PUT that keeps what its body leaves out (our reading)',
      api: 'planning',
      only: 'update-planning-request',
      caught: 'planning.update-planning-request.replaces-whole',
      fault: async (r, forward) => {
        // Merged with what is stored: a body that leaves out an optional element keeps its stored value.
        if (r.method !== 'PUT' || !isJson(r) || !('documentId' in JSON.parse(r.body))) return forward(r);
        const stored = await forward({...r, method: 'GET', body: '', headers: new Headers({accept: 'application/json'})});
        if (stored.status !== 200) return forward(r);
        const body = JSON.parse(r.body);
        return forward({...r, body: JSON.stringify({...JSON.parse(stored.body), ...body})});
      },
    },
    {
      name: 'an added line missing from its message (our reading)',
      api: 'p2p',
      only: 'create-allowance',
      caught: 'p2p.create-allowance.in-message',
      fault: async (r, forward) => {
        const a = await forward(r);
        if (!matches(r, 'GET', /timecard\/[^/]+$/) || a.status !== 200 || !accepts(r, 'json')) return a;
        const body = JSON.parse(a.body);
        body.allowance = (body.allowance ?? []).filter((l) => !String(l.id?.value).startsWith('setu-conform-'));
        return answer(a, {body: JSON.stringify(body)});
      },
    },
    {
      name: 'a delete that does not delete',
      api: 'planning',
      only: 'delete-planning-constraints',
      caught: 'planning.delete-planning-constraints.gone',
      fault: (() => {
        const done = new Set();
        return async (r, forward) => {
          if (r.method !== 'DELETE' || done.has(r.path)) return forward(r);
          const stored = await forward({...r, method: 'GET', body: '', headers: new Headers({accept: 'application/json'})});
          if (stored.status !== 200) return forward(r);
          done.add(r.path);
          return {status: 204, headers: new Headers(), body: ''};
        };
      })(),
    },
    {
      name: '200 instead of 404 for an id the server does not hold',
      api: 'p2p',
      only: 'get-order',
      caught: 'p2p.get-order.unknown-id',
      fault: (() => {
        const written = new Set();
        return async (r, forward) => {
          if (r.method !== 'GET') written.add(r.path);
          const a = await forward(r);
          if (r.method === 'GET' && a.status === 404 && !written.has(r.path)) {
            const example = models[0].operations.find((o) => o.operationId === 'create-order')?.examples[0].value;
            return {status: 200, headers: new Headers({'content-type': 'application/json'}), body: JSON.stringify(example)};
          }
          return a;
        };
      })(),
    },
    {
      name: 'a delete that answers 200 with the message where 204 is declared too (our reading)',
      api: 'p2p',
      only: 'delete-human-resource',
      caught: 'p2p.delete-human-resource.no-content',
      fault: async (r, forward) => {
        if (r.method !== 'DELETE') return forward(r);
        const stored = await forward({...r, method: 'GET', body: '', headers: new Headers({accept: 'application/json'})});
        const a = await forward(r);
        return a.status === 204 && stored.status === 200
          ? {status: 200, headers: new Headers({'content-type': 'application/json'}), body: stored.body}
          : a;
      },
    },
    {
      name: 'a list without the message asked for (our reading)',
      api: 'planning',
      only: 'list-planning-constraints',
      caught: 'planning.list-planning-constraints.members',
      fault: async (r, forward) => {
        const a = await forward(r);
        return matches(r, 'GET', /constraints$/) ? answer(a, {body: '[]'}) : a;
      },
    },
    {
      name: 'a list answered as one object',
      api: 'planning',
      only: 'list-planning-request-assignments',
      caught: 'planning.list-planning-request-assignments.body',
      fault: async (r, forward) => {
        const a = await forward(r);
        if (!matches(r, 'GET', /assignments$/) || a.status !== 200) return a;
        const items = JSON.parse(a.body);
        return answer(a, {body: JSON.stringify(items[0] ?? {})});
      },
    },
  ];

  const escaping = escapingLocation('planning', () => true);
  const escapingRefusal = escapingLocation('planning', (r) => r.headers.get('x-accepted') === 'yes');
  faults.push(
    {
      name: 'a Location whose dot segments climb out of the base URL (not called)',
      api: 'planning',
      only: 'create-planning-request',
      caught: 'planning.create-planning-request.location',
      fault: escaping.fault,
      then: async ({report}) => {
        assert.equal(escaping.outside(), 0, 'nothing was sent outside the base URL');
        assert.match(
          report.checks.find((c) => c.id === 'planning.create-planning-request.location').detail,
          /^Location: \/\.\.\/\.\.\/outside-base\/victim: it names http:\/\/127\.0\.0\.1:\d+\/outside-base\/victim, not under the base URL http:\/\/127\.0\.0\.1:\d+\/planning, which the kit does not call$/,
        );
        assert.ok(
          report.cleanup.some(
            (c) =>
              c.result === 'left behind' &&
              /\/outside-base\/victim$/.test(c.url) &&
              /^not deleted: the Location \S+: it names/.test(c.detail),
          ),
          'the clean-up names what it could not delete, and why',
        );
        await escaping.tidy();
      },
    },
    {
      name: 'a write without setuVersionId accepted, its Location climbing out of the base URL (not undone there)',
      api: 'planning',
      only: 'create-planning-request',
      caught: 'planning.create-planning-request.missing-version',
      fault: (r, forward) => {
        if (r.method !== 'POST' || r.headers.has('setuversionid')) return escapingRefusal.fault(r, forward);
        r.headers.set('setuVersionId', '1.0');
        r.headers.set('x-accepted', 'yes');
        return escapingRefusal.fault(r, forward);
      },
      then: async ({report}) => {
        assert.equal(escapingRefusal.outside(), 0, 'the undo sent nothing outside the base URL');
        assert.ok(
          report.cleanup.some(
            (c) =>
              c.result === 'left behind' &&
              /^http:\/\/127\.0\.0\.1:\d+\/outside-base\/victim$/.test(c.url) &&
              /^not deleted: the Location \/\.\.\/\.\.\/outside-base\/victim: it names \S+, not under the base URL/.test(c.detail),
          ),
          JSON.stringify(report.cleanup),
        );
        await escapingRefusal.tidy();
      },
    },
    {
      name: 'a redirect to another host (not followed)',
      api: 'p2p',
      only: 'get-timecard',
      caught: 'p2p.get-timecard.status',
      fault: (() => {
        const known = writtenTo();
        return async (r, forward) =>
          known(r) && matches(r, 'GET', /timecard\/[^/]+$/) && accepts(r, 'json')
            ? {status: 302, headers: new Headers({location: `${elsewhere()}/stolen${r.path}`}), body: ''}
            : forward(r);
      })(),
      then: ({report}) => {
        assert.equal(elsewhereRequests(), 0, 'nothing was sent to the other host');
        assert.match(report.checks.find((c) => c.id === 'p2p.get-timecard.status').detail, /redirect to .*not followed/);
      },
    },
    {
      name: 'a slow answer, past the timeout',
      api: 'p2p',
      only: 'get-timecard',
      // Alone, after the others: side by side with them, a request of another run could take this long too.
      alone: true,
      // Twice the timeout, which is itself well above what any answer of the sandbox takes on a busy machine.
      args: ['--timeout', '2'],
      caught: 'p2p.get-timecard.status',
      fault: (() => {
        const known = writtenTo();
        let slowed = false;
        return async (r, forward) => {
          if (!slowed && known(r) && matches(r, 'GET', /timecard\/[^/]+$/) && accepts(r, 'json')) {
            slowed = true;
            await new Promise((resolve) => setTimeout(resolve, 4000));
          }
          return forward(r);
        };
      })(),
      then: ({report}) => assert.match(report.checks.find((c) => c.id === 'p2p.get-timecard.status').detail, /no answer within 2 s/),
    },
  );
  return faults;
}
