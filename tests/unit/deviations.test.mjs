// What each spec records in x-deviations about its differences from the published SETU specification:
// the entries are well formed and agree with the schema descriptions; the published form they rebuild accepts
// every example of the site except where a published defect is repaired; every oas-* page lists them all; and a
// verdict names each repair a message relies on.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {specFiles, readSpec, createAjv, compileSchemas, examplesOf, formatErrors, operationsOf} from '../../src/build/specs.mjs';
import {deviationsOf, deviationProblems, descriptionProblems, revertDeviations, resolvePointer} from '../../src/build/deviations.mjs';
import {pageFiles, codeBlocks, metaValue} from '../../scripts/lib/code-blocks.mjs';
import {pageRoute, resolveSchema} from '../../scripts/lib/example-schemas.mjs';
import {apis} from '../../src/data/registry.mjs';
import {docsDir} from '../../src/build/paths.mjs';
import specDeviations, {deviationNodes, describeLocation, directiveName} from '../../src/remark/spec-deviations.mjs';
import {validateText} from '../../src/plugins/validator/engine/validate-text.mjs';
import {locatePointers} from '../../src/plugins/validator/engine/json-scanner.mjs';
import {examples as validatorExamples} from '../../generated/validator/examples.mjs';

const specs = Object.fromEntries(specFiles.map((file) => [file, readSpec(file)]));

/**
 * Validators for the component schemas and the media-type schemas of one form of a spec, compiled the way the
 * site compiles every spec (compileSchemas). A media-type schema is a component, an array of one, or an inline
 * schema without references.
 */
function validatorsOf(file, document) {
  const components = compileSchemas({[file]: document});
  const component = (name) => components[name]?.validate;
  const media = (schema) => {
    const name = (ref) => ref?.replace('#/components/schemas/', '');
    if (schema.$ref) return component(name(schema.$ref));
    if (schema.type === 'array' && schema.items?.$ref) {
      const item = component(name(schema.items.$ref));
      const validate = (value) => {
        const bad = Array.isArray(value) ? value.findIndex((v) => !item(v)) : -1;
        validate.errors = !Array.isArray(value)
          ? [{instancePath: '', message: 'must be array', schemaPath: '#/type', keyword: 'type', params: {}}]
          : bad >= 0
            ? item.errors.map((e) => ({...e, instancePath: `/${bad}${e.instancePath}`}))
            : null;
        return validate.errors === null;
      };
      return validate;
    }
    if (JSON.stringify(schema).includes('"$ref"'))
      throw new Error(`inline media schema with references: ${JSON.stringify(schema).slice(0, 80)}`);
    return createAjv().compile(schema);
  };
  return {component, media};
}

const loads = (file, document) => {
  try {
    const {component} = validatorsOf(file, document);
    for (const name of Object.keys(document.components?.schemas ?? {})) component(name);
    return true;
  } catch {
    return false;
  }
};

/**
 * The published form of a spec, and the form with only its repairs kept. A repair whose reversal alone makes the
 * schemas unloadable (such as a published `$id` that clashes with the file's own) stays applied in the published
 * form: without it no example could be judged at all. Such repairs are returned as `unloadable`.
 */
function forms(file) {
  const spec = specs[file];
  const repairs = deviationsOf(spec).filter((e) => e.kind === 'repair');
  let unloadable = new Set();
  if (!loads(file, revertDeviations(spec))) {
    unloadable = new Set(repairs.filter((r) => !loads(file, revertDeviations(spec, new Set(deviationsOf(spec).filter((e) => e !== r))))));
  }
  return {published: revertDeviations(spec, unloadable), repairedOnly: revertDeviations(spec, new Set(repairs)), unloadable};
}

const formsOf = Object.fromEntries(specFiles.map((file) => [file, forms(file)]));

/**
 * The responses and headers of a published specification, as the standard publishes them (response components,
 * header components, which response refers to which header, the response codes of each operation): the form rebuilt
 * from x-deviations must have exactly these. Inquiry Pay Equity v2.0 (api-2.0-bundled.yaml of 2026-03-16).
 */
const publishedResponses = {
  'gelijkwaardige-beloning-2.0.json': {
    responses: ['200', '201', '202', '204', '400', '401', '403', '404', '500'],
    headers: {Date: {}, Location: {}},
    responseHeaders: {201: {Date: '#/components/headers/Date', Location: '#/components/headers/Location'}},
    operations: {
      'put /inquiry-pay-equity/{id}': ['200', '201', '204', '400', '401', '403', '404', '500'],
      'get /inquiry-pay-equity/{id}': ['200', '400', '401', '403', '404', '500'],
      'delete /inquiry-pay-equity/{id}': ['204', '400', '401', '403', '404', '500'],
    },
  },
};

/** Every internal `$ref` of a document that points at nothing, with its place. */
function danglingRefs(document) {
  const dangling = [];
  (function visit(value, where) {
    if (Array.isArray(value)) return value.forEach((v, i) => visit(v, `${where}/${i}`));
    if (!value || typeof value !== 'object') return;
    if (typeof value.$ref === 'string' && value.$ref.startsWith('#') && !resolvePointer(document, value.$ref.slice(1)).found)
      dangling.push(`${where}: ${value.$ref}`);
    for (const [key, child] of Object.entries(value)) visit(child, `${where}/${key}`);
  })(document, '');
  return dangling;
}

for (const file of specFiles) {
  describe(`specs/${file}: x-deviations`, () => {
    const spec = specs[file];

    test('records its differences from the published specification', () => {
      assert.ok(Array.isArray(spec['x-deviations']) && spec['x-deviations'].length > 0, 'x-deviations is missing or empty');
      assert.deepEqual(deviationProblems(spec), []);
    });

    test('every schema that differs says so in its description, and every such description has an entry', () => {
      assert.deepEqual(descriptionProblems(spec), []);
    });

    test('reverting the entries gives a document without our additions', () => {
      const {published} = formsOf[file];
      assert.equal(published['x-deviations'], undefined);
      assert.equal(published.servers, undefined, 'the published specification names no server');
      for (const entry of deviationsOf(spec).filter((e) => e.kind === 'addition' && e.at.endsWith('/operationId'))) {
        assert.equal(entry.at.split('/').length, 5, `${entry.at}: an operationId lies directly in its operation`);
      }
    });

    test('the published form is whole: every reference in it, of responses and headers included, resolves', () => {
      const {published} = formsOf[file];
      assert.deepEqual(danglingRefs(published), []);
    });

    if (publishedResponses[file]) {
      test('the published form has the published responses and headers, and each operation its published response codes', () => {
        const {published} = formsOf[file];
        const expected = publishedResponses[file];
        assert.deepEqual(Object.keys(published.components.responses ?? {}).sort(), [...expected.responses].sort(), 'components/responses');
        assert.deepEqual(
          Object.keys(published.components.headers ?? {}).sort(),
          Object.keys(expected.headers).sort(),
          'components/headers',
        );
        for (const [code, headers] of Object.entries(expected.responseHeaders)) {
          const refs = Object.fromEntries(
            Object.entries(published.components.responses[code].headers ?? {}).map(([name, h]) => [name, h.$ref]),
          );
          assert.deepEqual(refs, headers, `response ${code}: its headers refer to the header components`);
        }
        const operations = Object.fromEntries(
          operationsOf(published).map(({method, path: p, operation}) => [`${method} ${p}`, Object.keys(operation.responses).sort()]),
        );
        assert.deepEqual(operations, Object.fromEntries(Object.entries(expected.operations).map(([k, v]) => [k, [...v].sort()])));
      });
    }

    test('the published form accepts every example of the spec, except where a published defect is repaired', (t) => {
      const {published, repairedOnly, unloadable} = formsOf[file];
      const strict = validatorsOf(file, published);
      const repaired = validatorsOf(file, repairedOnly);
      const repairedExamples = new Map(examplesOf(repairedOnly).map((e) => [e.where, e]));
      const failures = [];
      const exempt = [];
      for (const {where, schema, value} of examplesOf(published)) {
        const validate = strict.media(schema);
        if (validate(value)) continue;
        // The failure is a published defect's doing only when the example passes once the repairs alone are back.
        const same = repairedExamples.get(where);
        if (same && repaired.media(same.schema)(same.value)) exempt.push(where);
        else failures.push(`${where}:\n    ${formatErrors(validate.errors).slice(0, 5).join('\n    ')}`);
      }
      const kept = [...unloadable].map((e) => e.at).join(', ');
      t.diagnostic(`${exempt.length} example(s) fail the published schema only through a repaired defect`);
      if (kept) t.diagnostic(`repairs kept applied, the published form being unloadable without them: ${kept}`);
      assert.deepEqual(
        failures,
        [],
        `examples that the published schemas reject although no repair explains it:\n  ${failures.join('\n  ')}`,
      );
    });
  });
}

describe('examples on the pages against the published schemas', () => {
  const ours = compileSchemas();
  const strict = Object.fromEntries(specFiles.map((file) => [file, validatorsOf(file, formsOf[file].published)]));
  const repaired = Object.fromEntries(specFiles.map((file) => [file, validatorsOf(file, formsOf[file].repairedOnly)]));
  const pagesDir = process.env.SETU_DOCS_DIR || docsDir;
  const blocks = pageFiles(pagesDir)
    .flatMap((file) => codeBlocks(file).map((block) => ({...block, route: pageRoute(file, pagesDir)})))
    .filter((b) => b.lang === 'json' && metaValue(b.meta, 'schema'));

  test('the pages have JSON examples that name their schema', () => assert.ok(blocks.length > 20));

  test('every example validates against the published schema, except where a published defect is repaired', (t) => {
    const failures = [];
    let exempt = 0;
    for (const block of blocks) {
      // As examples.test.mjs resolves it: in the spec of the page's own API version first.
      const own = resolveSchema(ours, metaValue(block.meta, 'schema'), {route: block.route, apiId: metaValue(block.meta, 'api')});
      if (own.error) continue; // examples.test.mjs reports it
      let message;
      try {
        message = JSON.parse(block.code);
      } catch {
        continue; // examples.test.mjs reports invalid JSON
      }
      const validate = strict[own.file].component(own.name);
      assert.ok(validate, `${block.file}:${block.line}: ${own.name} has no published counterpart in specs/${own.file}`);
      if (validate(message)) continue;
      if (repaired[own.file].component(own.name)(message)) exempt++;
      else failures.push(`${block.file}:${block.line} (${own.name}):\n    ${formatErrors(validate.errors).slice(0, 5).join('\n    ')}`);
    }
    t.diagnostic(`${blocks.length} examples; ${exempt} fail the published schema only through a repaired defect`);
    assert.deepEqual(
      failures,
      [],
      `page examples that the published schemas reject although no repair explains it:\n  ${failures.join('\n  ')}`,
    );
  });
});

describe('the published defects and their repairs', () => {
  const ours = compileSchemas();
  const published = (file, name) => validatorsOf(file, formsOf[file].published).component(name);

  test('a time of day needs a UTC offset, as format time defines it (Planning)', () => {
    const lineId = {value: '1', schemeAgencyId: 'Customer'};
    const line = (startTime) => ({periodicPlanningLine: [{lineId, planningPeriod: 'Monday', startTime, positionQuantity: 1}]});
    assert.equal(ours.RequestedPeriodicPlanningLine.validate(line('08:00:00Z')), true);
    assert.equal(ours.RequestedPeriodicPlanningLine.validate(line('08:00:00+01:00')), true);
    assert.equal(ours.RequestedPeriodicPlanningLine.validate(line('08:00:00')), false);
  });

  test('a pay-equity time window takes wall-clock times, which the published format rejects', () => {
    const window = (start, end) => ({start, end});
    const repairedTime = ours.TimePeriod.validate;
    for (const ok of [window('20:00:00', '06:00:00'), window('20:00:00.5', '06:00:00Z'), window('20:00:00+01:00', '06:00:00+0100')]) {
      assert.equal(repairedTime(ok), true, JSON.stringify(ok));
    }
    for (const bad of [window('24:00:00', '06:00:00'), window('20:00', '06:00:00'), window('8:00:00', '06:00:00')]) {
      assert.equal(repairedTime(bad), false, JSON.stringify(bad));
    }
    const publishedTime = published('gelijkwaardige-beloning.json', 'TimePeriod');
    assert.equal(publishedTime(window('20:00:00', '06:00:00')), false);
    assert.equal(publishedTime(window('20:00:00Z', '06:00:00+01:00')), true);
    assert.equal(repairedTime(window('20:00:00Z', '06:00:00+01:00')), true, 'every time the published format accepts stays valid');
  });

  test('a competency code may be issued by the customer, the supplier or anyone else', () => {
    for (const schemeAgencyId of ['Customer', 'Supplier', 'SSVV']) {
      assert.equal(ours.CompetencyIdentifier.validate({value: 'RT-01', schemeAgencyId}), true, schemeAgencyId);
    }
    const publishedCompetency = published('planning.json', 'CompetencyIdentifier');
    assert.equal(publishedCompetency({value: 'RT-01', schemeAgencyId: 'Customer'}), true);
    assert.equal(publishedCompetency({value: 'HACCP-B', schemeAgencyId: 'SSVV'}), false);
  });

  test('a planning line body matches exactly one alternative; the published alternatives matched both', () => {
    const body = {
      periodicPlanningLine: [{lineId: {value: '1', schemeAgencyId: 'Customer'}, planningPeriod: 'Monday', positionQuantity: 2}],
    };
    assert.equal(ours.PlanningRequestLine.validate(body), true);
    assert.equal(published('planning.json', 'PlanningRequestLine')(body), false);
  });
});

describe('the oas-* pages list every difference', () => {
  const pageOf = (api) => path.join(docsDir, `${api.specPageRoute.replace(/^\//, '')}.mdx`);
  const textOf = (nodes) =>
    nodes
      .map(function flat(node) {
        return node.value ?? (node.children ?? []).map(flat).join('');
      })
      .join('\n');

  for (const api of apis.filter((a) => specs[a.specFile])) {
    test(`${api.specPageRoute} lists the x-deviations of specs/${api.specFile}`, () => {
      const source = fs.readFileSync(pageOf(api), 'utf8');
      assert.ok(
        source.includes(`::${directiveName}{spec="${api.specFile}"}`),
        `${api.specPageRoute} needs the line ::${directiveName}{spec="${api.specFile}"}`,
      );
      const nodes = deviationNodes(specs[api.specFile], api.specFile);
      const rendered = textOf(nodes);
      const places = [];
      (function collect(node) {
        if (node.type === 'inlineCode') places.push(node.value);
        (node.children ?? []).forEach(collect);
      })({children: nodes});
      for (const entry of deviationsOf(specs[api.specFile])) {
        const flatSummary = textOf([
          {children: deviationNodes({'x-deviations': [entry]}, api.specFile).at(-1).children[0].children[0].children},
        ]);
        assert.ok(rendered.includes(flatSummary), `${entry.at}: its summary is not in the list`);
        const place = describeLocation(entry.at);
        const cut = place.lastIndexOf(' › ');
        const [head, last] = cut > 0 ? [place.slice(0, cut), place.slice(cut + 3)] : [place, null];
        const line = places.find(
          (l) =>
            l === place ||
            (last !== null &&
              l.startsWith(`${head} › `) &&
              l
                .slice(head.length + 3)
                .split(', ')
                .includes(last)),
        );
        assert.ok(line, `${entry.at} (${entry.kind}): the list does not name this place`);
      }
    });
  }

  test('the directive becomes the list, and a wrong spec name stops the build', () => {
    const tree = {
      type: 'root',
      children: [{type: 'leafDirective', name: directiveName, attributes: {spec: 'planning.json'}, children: []}],
    };
    specDeviations()(tree, {path: 'page.mdx'});
    assert.notEqual(tree.children[0].type, 'leafDirective');
    assert.match(textOf(tree.children), /Our additions/);
    const directive = {
      type: 'leafDirective',
      name: directiveName,
      attributes: {spec: 'nothing.json'},
      children: [],
      position: {start: {line: 7}},
    };
    const wrong = {type: 'root', children: [directive]};
    assert.throws(() => specDeviations()(wrong, {path: 'page.mdx'}), /page\.mdx:7: .*no specs\/nothing\.json/);
  });
});

describe('a message valid only under one of our repairs gets a note that names the repair (issue 41, item 3)', () => {
  const file = 'gelijkwaardige-beloning-2.0.json';
  const spec = specs[file];
  const type = 'InquiryPayEquity 2.0';
  /** The example of the site's v2.0 message, written as a migration from v1.0 writes one: Occurrence dates as dates, times of day without offset. */
  const migrated = () => JSON.parse(/** @type {any} */ (validatorExamples.find((e) => e.type === type)).text);
  const repairNotesOf = (/** @type {string} */ text) => validateText(text, type).notes.filter((n) => n.repair);

  /** Every pointer of a message whose value answers `test`, with the value and its parent. */
  function pointersWhere(/** @type {unknown} */ message, /** @type {(v: any, key: string, parent: any) => boolean} */ wanted) {
    const found = [];
    (function walk(/** @type {any} */ v, /** @type {string} */ at, /** @type {string} */ key, /** @type {any} */ parent) {
      if (at && wanted(v, key, parent)) found.push(at);
      if (v && typeof v === 'object') for (const [k, child] of Object.entries(v)) walk(child, `${at}/${k}`, k, v);
    })(message, '', '', null);
    return found;
  }
  const singleDates = (m) => pointersWhere(m, (v, key, parent) => key === 'date' && parent?.occurrenceType === 'Single' && !/T/.test(v));
  const clockTimes = (m) =>
    pointersWhere(m, (v, key) => ['start', 'end'].includes(key) && typeof v === 'string' && /^\d\d:\d\d:\d\d$/.test(v));
  const recurrings = (m) => pointersWhere(m, (v) => v?.occurrenceType === 'Recurring');
  const signedOffsets = (m) => pointersWhere(m, (v, key) => key === 'offset' && typeof v === 'string' && v.startsWith('-'));

  /** The spec with the repairs of one site reverted (the published form there), its message type compiled. */
  const publishedAt = (/** @type {string[]} */ at) => {
    const keep = new Set(deviationsOf(spec).filter((e) => !at.includes(e.at)));
    return validatorsOf(file, revertDeviations(spec, keep)).component('InquiryPayEquity');
  };

  test('each repair the message relies on is noted once, with the path of every value that relies on it', () => {
    const message = migrated();
    const notes = repairNotesOf(JSON.stringify(message, null, 2));
    const byField = Object.fromEntries(notes.map((n) => [/of `([^`]+)`/.exec(n.message)?.[1], n]));
    assert.deepEqual(Object.keys(byField).sort(), ['Recurring', 'Relative.offset', 'Single.date', 'TimeDatatype']);
    assert.deepEqual(byField['Single.date'].repair.paths, singleDates(message));
    assert.deepEqual(byField.TimeDatatype.repair.paths, clockTimes(message));
    assert.deepEqual(byField.Recurring.repair.paths, recurrings(message));
    assert.deepEqual(byField['Relative.offset'].repair.paths, signedOffsets(message));
    const [first] = singleDates(message);
    assert.match(
      byField['Single.date'].message,
      new RegExp(
        `^Valid only under our repair of \`Single\\.date\` \\(specs/${file.replace(/\./g, '\\.')}\\): \`${first}\` is "[^"]+" \\(and \\d+ more like it\\), which SETU's published schema \\(setu-gelijkwaardige-beloning/v2\\.0/src/openapi\\.yaml\\) rejects: it has \`format: "date-time"\` and no \`anyOf\` there\\. The repair: `,
      ),
    );
    assert.equal(byField['Single.date'].repair.route, '/api/oas-gelijkwaardige-beloning#v2-deviations');
    // The oracle: the published form of each noted site alone rejects the message; the message is valid as ours.
    assert.equal(validateText(JSON.stringify(message), type).valid, true);
    for (const note of notes) assert.equal(publishedAt(note.repair.at)(message), false, `${note.repair.at}: the published form accepts it`);
  });

  test('a message that relies on no repair gets no note, and the published form accepts it', () => {
    const message = migrated();
    const set = (/** @type {string} */ pointer, /** @type {(v: any) => unknown} */ change) => {
      const keys = pointer.slice(1).split('/');
      const parent = keys.slice(0, -1).reduce((node, k) => node[k], message);
      parent[/** @type {string} */ (keys.at(-1))] = change(parent[/** @type {string} */ (keys.at(-1))]);
    };
    for (const p of singleDates(message)) set(p, (v) => `${v.length === 7 ? `${v}-01` : v}T00:00:00+01:00`);
    for (const p of clockTimes(message)) set(p, (v) => `${v}Z`);
    for (const p of signedOffsets(message)) set(p, (v) => v.slice(1));
    for (const p of recurrings(message)) set(p, () => ({occurrenceType: 'Single', date: '2026-05-01T00:00:00+02:00'}));
    assert.deepEqual(repairNotesOf(JSON.stringify(message, null, 2)), []);
    assert.equal(validateText(JSON.stringify(message), type).valid, true);
    const everyRepair = deviationsOf(spec)
      .filter((e) => e.kind === 'repair' && !formsOf[file].unloadable.has(e))
      .map((e) => e.at);
    assert.equal(publishedAt(everyRepair)(message), true, 'the published schema accepts it');
  });

  test('each note is at the value it names first: its line and column in the text', () => {
    const text = JSON.stringify(migrated(), null, 2);
    const notes = repairNotesOf(text);
    const places = locatePointers(text, new Set(notes.map((n) => n.repair.paths[0])));
    assert.ok(notes.length > 0);
    for (const n of notes)
      assert.deepEqual([n.line, n.column], [places.get(n.repair.paths[0])?.line, places.get(n.repair.paths[0])?.column]);
  });

  // Item 2: beside an error, "Valid only under our repair" would contradict the verdict. On a message that is not valid
  // anyway, each note says that it relies on the repair, in JSON and XML alike (the command and the sandbox write the
  // engine's notes).
  test('on a message not valid anyway, each note says that it relies on the repair, not that it is valid under it', () => {
    const message = migrated();
    message.unknownProperty = 'x';
    const json = validateText(JSON.stringify(message, null, 2), type);
    assert.equal(json.valid, false);
    const jsonNotes = json.notes.filter((n) => n.repair);
    assert.equal(jsonNotes.length, 4);
    for (const n of jsonNotes)
      assert.match(
        n.message,
        /^Relies on our repair of `[\w.]+` \(specs\/gelijkwaardige-beloning-2\.0\.json\): `[^`]+`.*, which SETU's published schema/,
      );

    const request = /** @type {any} */ (validatorExamples.find((e) => e.type === 'PlanningRequest 1.0'));
    const line = request.xml.split('\n').findIndex((/** @type {string} */ l) => l.includes('>SSVV<')) + 1;
    const words =
      '`CompetencyIdentifier\\.schemeAgencyId` \\(specs/planning\\.json\\): the element `/PlanningRequest/positionProfile/positionQualifications/item/positionCompetencies/item\\[2\\]/competencyIds/item\\[1\\]/schemeAgencyId` is "SSVV", which SETU\'s published XSD \\(setu-planning/v1\\.0/PlanningRequest/PlanningRequest_v1\\.0\\.xsd\\) rejects: it allows only `Customer`, `Supplier` and `\\[Any other value\\]` there\\. The repair: ';
    const [valid] = validateText(request.xml).notes.filter((n) => n.repair);
    assert.match(valid.message, new RegExp(`^Valid only under our repair of ${words}`));
    assert.equal(valid.line, line);
    const broken = request.xml.replace('<positionProfile>', '<positionProfile>\n    <unknownElement>x</unknownElement>');
    const xml = validateText(broken);
    assert.equal(xml.valid, false);
    const [relying] = xml.notes.filter((n) => n.repair);
    assert.match(relying.message, new RegExp(`^Relies on our repair of ${words}`));
    assert.equal(relying.line, line + 1);

    const payEquity = /** @type {any} */ (validatorExamples.find((e) => e.type === 'InquiryPayEquity 1.0'));
    const wildcard = validateText(payEquity.xml.replace(/<conditionType>/, '<conditionType>x</conditionType><conditionType>'));
    assert.equal(wildcard.valid, false);
    assert.match(wildcard.notes.filter((n) => n.repair)[0]?.message ?? '', /^Relies on our repair of `Condition` in the XML form /);
  });

  test('the XML form: an element only our repair of the XSD wildcard accepts is noted, with the XSD it breaks', () => {
    const v1 = /** @type {any} */ (validatorExamples.find((e) => e.type === 'InquiryPayEquity 1.0'));
    const [note] = validateText(v1.xml).notes.filter((n) => n.repair);
    assert.ok(note, 'the example carries conditions with further elements');
    assert.match(
      note.message,
      /^Valid only under our repair of `Condition` in the XML form .*setu-gelijkwaardige-beloning\/v1\.0\/InquiryPayEquity-v1\.0\.xsd\) rejects: it has `<xs:any/,
    );
    assert.deepEqual(note.repair.at, ['/components/schemas/Condition/additionalProperties']);
    assert.ok(note.repair.paths.every((p) => /\/conditions\[\d+\]\/\w+$/.test(p)));
    // Without them, no note; and the JSON form, whose published schema accepts any further property, none either.
    const plain = v1.xml.replace(/(<\/conditionType>)[\s\S]*?(\s*<\/conditions>)/g, '$1$2');
    assert.deepEqual(
      validateText(plain).notes.filter((n) => n.repair),
      [],
    );
    assert.deepEqual(
      validateText(v1.text).notes.filter((n) => n.repair && n.repair.at.includes('/components/schemas/Condition/additionalProperties')),
      [],
    );
  });
});
