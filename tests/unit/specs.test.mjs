// The OpenAPI specs: valid OpenAPI of their version, every operation of the standard, the shared
// headers and error responses, and every example valid against its schema while broken
// variants of the examples are rejected where the schema says so.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  specFiles,
  readSpec,
  createAjv,
  compileSchemas,
  formatErrors,
  deref,
  operationsOf,
  examplesOf,
  dialectOf,
} from '../../src/build/specs.mjs';
import {mutations} from '../../scripts/lib/mutations.mjs';

// method path operationId of every operation the site documents: the 69 of Purchase to Pay v2.0, Planning and
// Scheduling v1.0 and Inquiry Pay Equity v1.0, whose pages have these URLs since the site began, and the three of
// Inquiry Pay Equity v2.0. A renamed operationId moves a page: it must be a redirect, not an edit here.
const expectedOperations = {
  // The v2.0 planning message model: SETU publishes no v2.0 operations, and none are invented.
  'planning-2.0.json': '',
  'gelijkwaardige-beloning-2.0.json': `
put /inquiry-pay-equity/{id} create-or-replace-inquiry-pay-equity
get /inquiry-pay-equity/{id} get-inquiry-pay-equity
delete /inquiry-pay-equity/{id} delete-inquiry-pay-equity`,
  'gelijkwaardige-beloning.json': `
post /inquiry-pay-equity/{id} create-inquiry-pay-equity
get /inquiry-pay-equity/{id} get-inquiry-pay-equity
put /inquiry-pay-equity/{id} update-inquiry-pay-equity
delete /inquiry-pay-equity/{id} delete-inquiry-pay-equity
post /inquiry-pay-equity/request create-inquiry-pay-equity-request
get /inquiry-pay-equity/request get-inquiry-pay-equity-request
put /inquiry-pay-equity/request update-inquiry-pay-equity-request
delete /inquiry-pay-equity/request delete-inquiry-pay-equity-request`,
  'planning.json': `
post /planning/requests create-planning-request
get /planning/requests/{id} get-planning-request
put /planning/requests/{id} update-planning-request
delete /planning/requests/{id} delete-planning-request
post /planning/requests/{id}/periodic-lines add-planning-request-periodic-lines
post /planning/requests/{id}/single-lines add-planning-request-single-lines
get /planning/requests/{id}/lines/{lineId} get-planning-request-line
put /planning/requests/{id}/lines/{lineId} update-planning-request-line
delete /planning/requests/{id}/lines/{lineId} delete-planning-request-line
get /planning/requests/{id}/assignments list-planning-request-assignments
post /planning/assignments create-planning-assignment
get /planning/assignments/{id} get-planning-assignment
put /planning/assignments/{id} update-planning-assignment
delete /planning/assignments/{id} delete-planning-assignment
post /planning/assignments/{id}/periodic-lines add-planning-assignment-periodic-lines
post /planning/assignments/{id}/single-lines add-planning-assignment-single-lines
get /planning/assignments/{id}/lines/{lineId} get-planning-assignment-line
put /planning/assignments/{id}/lines/{lineId} update-planning-assignment-line
delete /planning/assignments/{id}/lines/{lineId} delete-planning-assignment-line
get /planning/constraints list-planning-constraints
post /planning/constraints create-planning-constraints
get /planning/constraints/{id} get-planning-constraints
put /planning/constraints/{id} update-planning-constraints
delete /planning/constraints/{id} delete-planning-constraints
post /planning/constraints/{id}/periodic-lines add-planning-constraints-periodic-lines
post /planning/constraints/{id}/single-lines add-planning-constraints-single-lines
get /planning/constraints/{id}/lines/{lineId} get-planning-constraints-line
put /planning/constraints/{id}/lines/{lineId} update-planning-constraints-line
delete /planning/constraints/{id}/lines/{lineId} delete-planning-constraints-line`,
  'purchase-to-pay.json': `
post /purchase-to-pay/staffing-order/request-for-quotation/{id} create-request-for-quotation
get /purchase-to-pay/staffing-order/request-for-quotation/{id} get-request-for-quotation
put /purchase-to-pay/staffing-order/request-for-quotation/{id} update-request-for-quotation
delete /purchase-to-pay/staffing-order/request-for-quotation/{id} delete-request-for-quotation
post /purchase-to-pay/staffing-order/order/{id} create-order
get /purchase-to-pay/staffing-order/order/{id} get-order
put /purchase-to-pay/staffing-order/order/{id} update-order
delete /purchase-to-pay/staffing-order/order/{id} delete-order
post /purchase-to-pay/human-resource/{id} create-human-resource
get /purchase-to-pay/human-resource/{id} get-human-resource
put /purchase-to-pay/human-resource/{id} update-human-resource
delete /purchase-to-pay/human-resource/{id} delete-human-resource
post /purchase-to-pay/assignment/{id} create-assignment
get /purchase-to-pay/assignment/{id} get-assignment
put /purchase-to-pay/assignment/{id} update-assignment
delete /purchase-to-pay/assignment/{id} delete-assignment
post /purchase-to-pay/timecard/{id} create-timecard
get /purchase-to-pay/timecard/{id} get-timecard
put /purchase-to-pay/timecard/{id} update-timecard
delete /purchase-to-pay/timecard/{id} delete-timecard
post /purchase-to-pay/timecard/{id}/time-interval/{intervalID} create-time-interval
get /purchase-to-pay/timecard/{id}/time-interval/{intervalID} get-time-interval
put /purchase-to-pay/timecard/{id}/time-interval/{intervalID} update-time-interval
delete /purchase-to-pay/timecard/{id}/time-interval/{intervalID} delete-time-interval
post /purchase-to-pay/timecard/{id}/allowance create-allowance
get /purchase-to-pay/timecard/{id}/allowance/{allowanceID} get-allowance
put /purchase-to-pay/timecard/{id}/allowance/{allowanceID} update-allowance
delete /purchase-to-pay/timecard/{id}/allowance/{allowanceID} delete-allowance
post /purchase-to-pay/invoice/{id} create-invoice
get /purchase-to-pay/invoice/{id} get-invoice
delete /purchase-to-pay/invoice/{id} delete-invoice
post /attachment/{id} upload-attachment`,
};

const expectedSchemas = {
  'planning-2.0.json': ['PlanningRequest', 'PlanningAssignment', 'PlanningConstraints'],
  'gelijkwaardige-beloning-2.0.json': [
    'InquiryPayEquity',
    'Condition',
    'AgeCondition',
    'EmploymentDurationCondition',
    'OccurrenceCondition',
    'PositionProfileCondition',
    'SalaryScaleCondition',
    'TextCondition',
    'AllOfCondition',
    'AnyOfCondition',
    'NotCondition',
    'Occurrence',
    'Single',
    'Recurring',
    'Relative',
    'error-object',
  ],
  'gelijkwaardige-beloning.json': ['InquiryPayEquity', 'ErrorObject'],
  'planning.json': [
    'PlanningRequest',
    'PlanningRequestLine',
    'RequestedPeriodicPlanningLine',
    'RequestedSinglePlanningLine',
    'PlanningAssignment',
    'PlanningAssignmentLine',
    'AssignedPeriodicPlanningLine',
    'AssignedSinglePlanningLine',
    'PlanningConstraints',
    'PlanningConstraintsLine',
    'PeriodicAvailabilityLine',
    'SingleAvailabilityLine',
    'ErrorObject',
  ],
  'purchase-to-pay.json': [
    'StaffingOrder',
    'HumanResource',
    'Assignment',
    'Timecard',
    'TimeInterval',
    'Allowance',
    'Invoice',
    'Attachment',
    'AttachmentResponse',
    'ErrorObject',
  ],
};

const errorCodes = ['400', '401', '403', '404', '500'];

/**
 * What differs per spec: the OpenAPI version, the name of the error schema, the body formats, and the header a GET
 * carries. Inquiry Pay Equity v2.0 is OpenAPI 3.1, exchanges JSON only and, as published, requires Content-Type on
 * GET (it has no Accept header).
 */
const defaults = {openapi: '3.0.2', errorSchema: 'ErrorObject', mediaTypes: ['application/json', 'application/xml'], getHeader: 'Accept'};
const perSpec = {
  // Messages only: no operations, so no headers or error responses to check.
  'planning-2.0.json': {openapi: '3.1.0', errorSchema: null, mediaTypes: ['application/json', 'application/xml'], getHeader: null},
  'gelijkwaardige-beloning-2.0.json': {
    openapi: '3.1.0',
    errorSchema: 'error-object',
    mediaTypes: ['application/json'],
    getHeader: 'Content-Type',
  },
};
const expected = (file) => ({...defaults, ...perSpec[file]});

/** Keywords a schema object must not use: those of a stand-alone JSON Schema document, and for 3.0 everything 3.0 lacks. */
const foreignKeywords = {
  'draft-07': ['$schema', '$id', 'definitions', 'const', '$defs'],
  '2020-12': ['$schema', '$id', 'definitions', '$defs'],
};

/** Every key anywhere in a JSON value, with its JSON path. */
function* keysOf(value, path = '') {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* keysOf(value[i], `${path}/${i}`);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield [k, v, `${path}/${k}`];
      yield* keysOf(v, `${path}/${k}`);
    }
  }
}

const schemaIdOf = (file) => `https://setu.nl/specs/${file}`;

for (const file of specFiles) {
  describe(`specs/${file}`, () => {
    const spec = readSpec(file);
    const rules = expected(file);
    const ajv = createAjv({}, dialectOf(spec));
    compileSchemas({[file]: spec}, ajv);
    const id = schemaIdOf(file);
    // Inline schemas point at "#/components/..." of their spec: make those refs absolute.
    const compileInline = (schema) => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${id}#/components/`)));

    test(`is a valid OpenAPI ${rules.openapi} document (swagger-parser)`, async () => {
      assert.equal(spec.openapi, rules.openapi);
      assert.equal(typeof spec.info?.version, 'string', 'info.version must be a string');
      await SwaggerParser.validate(structuredClone(spec)).catch((error) => {
        assert.fail(`specs/${file} is not valid OpenAPI: ${error.message}`);
      });
    });

    test(`is self-contained and uses the schema keywords of OpenAPI ${rules.openapi.slice(0, 3)} only`, () => {
      const problems = [];
      const forbidden = foreignKeywords[dialectOf(spec)];
      // x-deviations quotes published nodes, which may hold exactly what this file leaves out.
      const document = Object.fromEntries(Object.entries(spec).filter(([key]) => key !== 'x-deviations'));
      for (const [key, value, where] of keysOf(document)) {
        if (key === '$ref' && typeof value === 'string' && !value.startsWith('#/')) problems.push(`${where}: external $ref ${value}`);
        if (forbidden.includes(key) && !where.includes('/properties/'))
          problems.push(`${where}: "${key}" is not a schema keyword of this file's OpenAPI version`);
      }
      assert.deepEqual(problems, []);
    });

    test('has exactly the documented operations, each with the operationId that is its page URL', () => {
      const actual = operationsOf(spec)
        .map(({method, path, operation}) => `${method} ${path} ${operation.operationId}`)
        .sort();
      const expected = expectedOperations[file].trim().split('\n').filter(Boolean).sort();
      assert.deepEqual(actual, expected);
    });

    test('defines the message schemas by their standard names', () => {
      const names = Object.keys(spec.components?.schemas ?? {});
      for (const name of expectedSchemas[file]) assert.ok(names.includes(name), `components.schemas.${name} is missing`);
    });

    test('tags every operation and describes every tag it uses', () => {
      const declared = new Set((spec.tags ?? []).map((t) => t.name));
      for (const {method, path, operation} of operationsOf(spec)) {
        const where = `${method.toUpperCase()} ${path}`;
        assert.ok(operation.tags?.length > 0, `${where} has no tags`);
        for (const tag of operation.tags) assert.ok(declared.has(tag), `${where} uses undeclared tag "${tag}"`);
        assert.ok(operation.summary && operation.description, `${where} needs a summary and a description`);
      }
      for (const tag of spec.tags ?? []) assert.ok(tag.description, `tag "${tag.name}" has no description`);
    });

    test(`carries the shared headers: setuVersionId and Content-Type on writes, ${rules.getHeader} on reads`, () => {
      for (const {method, path, operation} of operationsOf(spec)) {
        const where = `${method.toUpperCase()} ${path}`;
        const params = (operation.parameters ?? []).map((p) => deref(spec, p));
        const header = (name) => params.find((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());
        if (method === 'post' || method === 'put') {
          const version = header('setuVersionId');
          assert.ok(version?.required, `${where}: required setuVersionId header missing`);
          assert.equal(version.example ?? version.schema?.example, '2.0', `${where}: setuVersionId example must be "2.0"`);
          const contentType = header('Content-Type');
          assert.ok(contentType?.required, `${where}: required Content-Type header missing`);
          assert.deepEqual([...deref(spec, contentType.schema).enum].sort(), rules.mediaTypes);
        }
        if (method === 'get') {
          const format = header(rules.getHeader);
          assert.ok(format, `${where}: ${rules.getHeader} header missing`);
          assert.deepEqual([...deref(spec, format.schema).enum].sort(), rules.mediaTypes);
        }
        for (const p of params.filter((p) => p.in === 'path')) {
          assert.ok(path.includes(`{${p.name}}`), `${where}: path parameter ${p.name} not in path`);
          assert.ok(p.required, `${where}: path parameter ${p.name} must be required`);
        }
      }
    });

    test('answers 400/401/403/404/500 with the error object on every operation', () => {
      // A message model (errorSchema null) has no operations, so no responses.
      if (rules.errorSchema === null) return assert.deepEqual(operationsOf(spec), []);
      const errorSchema = spec.components.schemas[rules.errorSchema];
      assert.deepEqual(Object.keys(errorSchema.properties).sort(), ['code', 'description']);
      for (const {method, path, operation} of operationsOf(spec)) {
        for (const code of errorCodes) {
          const response = deref(spec, operation.responses?.[code]);
          assert.ok(response, `${method.toUpperCase()} ${path}: no ${code} response`);
          const schema = response.content?.['application/json']?.schema;
          assert.equal(
            schema?.$ref,
            `#/components/schemas/${rules.errorSchema}`,
            `${method.toUpperCase()} ${path} ${code}: body must be the ${rules.errorSchema}`,
          );
        }
      }
    });

    test('creates answer 201 with a Location header (Content-Location for attachments)', () => {
      for (const {method, path, operation} of operationsOf(spec)) {
        const created = deref(spec, operation.responses?.['201']);
        if (!created) continue;
        const headers = Object.keys(created.headers ?? {});
        assert.ok(
          headers.includes('Location') || headers.includes('Content-Location'),
          `${method.toUpperCase()} ${path}: 201 without Location`,
        );
      }
    });

    test('gives every write and every success body an example', () => {
      for (const {method, path, operation} of operationsOf(spec)) {
        const where = `${method.toUpperCase()} ${path}`;
        const hasExample = (content) => {
          const json = content?.['application/json'];
          return json && (json.example !== undefined || Object.keys(json.examples ?? {}).length > 0);
        };
        if (operation.requestBody)
          assert.ok(hasExample(deref(spec, operation.requestBody).content), `${where}: request body has no example`);
        for (const [code, r] of Object.entries(operation.responses ?? {})) {
          const response = deref(spec, r);
          if (code.startsWith('2') && response.content?.['application/json'])
            assert.ok(hasExample(response.content), `${where} ${code}: response body has no example`);
        }
      }
    });

    test('every example validates against its schema', () => {
      const failures = [];
      const examples = examplesOf(spec);
      assert.ok(examples.length > 0, 'no examples found');
      for (const {where, schema, value} of examples) {
        const validate = compileInline(schema);
        if (!validate(value)) failures.push(`${where}:\n    ${formatErrors(validate.errors).join('\n    ')}`);
      }
      assert.equal(failures.length, 0, `examples that break their schema:\n  ${failures.join('\n  ')}`);
    });

    test('rejects broken variants of its examples where the schema forbids them', () => {
      const accepts = (schema, value) => compileInline(schema)(value);
      const seen = new Set();
      const counts = {};
      const missed = [];
      for (const {where, schema, value} of examplesOf(spec)) {
        const key = JSON.stringify([schema, value]);
        if (seen.has(key) || value === null || typeof value !== 'object' || (Array.isArray(value) && value.length === 0)) continue;
        seen.add(key);
        const validate = compileInline(schema);
        for (const m of mutations(spec, schema, value, accepts)) {
          counts[m.kind] = (counts[m.kind] ?? 0) + 1;
          if (validate(m.value)) {
            missed.push(`${where}: ${m.description} at ${m.path} was accepted`);
            continue;
          }
          // Outside oneOf alternatives the error must name the rule broken, at the place broken.
          if (!m.inChoice) {
            const hit = validate.errors.some(
              (e) =>
                e.keyword === m.kind &&
                (m.kind === 'required' || m.kind === 'additionalProperties' ? e.instancePath === m.path : e.instancePath === m.path),
            );
            if (!hit)
              missed.push(
                `${where}: ${m.description} at ${m.path} rejected, but not by "${m.kind}" there: ${formatErrors(validate.errors).slice(0, 3).join('; ')}`,
              );
          }
        }
      }
      assert.deepEqual(missed, []);
      for (const kind of ['required', 'additionalProperties', 'enum', 'format']) {
        assert.ok(counts[kind] > 0, `no negative case of kind "${kind}" could be generated from the examples`);
      }
      assert.ok(counts.maxItems > 0, 'no max-2 id list in the examples');
    });
  });
}

test('an error example that operations on several messages share names no field of one of them', () => {
  for (const file of specFiles) {
    const spec = readSpec(file);
    // The example each shared response (components.responses) gives, and the request bodies' messages of its users.
    for (const [name, response] of Object.entries(spec.components?.responses ?? {})) {
      const users = operationsOf(spec).filter(({operation}) =>
        Object.values(operation.responses ?? {}).some((r) => r.$ref === `#/components/responses/${name}`),
      );
      const messages = new Set(
        users.map(({operation}) => operation.requestBody && deref(spec, operation.requestBody).content?.['application/json']?.schema?.$ref),
      );
      messages.delete(undefined);
      if (messages.size < 2) continue;
      for (const media of Object.values(response.content ?? {})) {
        for (const example of Object.values(media.examples ?? {})) {
          const text = JSON.stringify(deref(spec, example).value);
          assert.doesNotMatch(
            text,
            /\b[a-z]\w*\.[a-z]\w*\b/,
            `${file}: components.responses.${name} is shared by ${messages.size} messages but names a field path`,
          );
        }
      }
    }
  }
});
