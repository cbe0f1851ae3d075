// Planning and Scheduling v2.0, a message model without an API (specs/planning-2.0.json): its size and shape, the
// version-change data, and the validator telling v2.0 from v1.0 — on our examples (spec and pages), on v1.0's, and on
// the standard's own v2.0 examples as the facts describe them (rebuilt here from that description, not copied).
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {readSpec, operationsOf} from '../../src/build/specs.mjs';
import {apis} from '../../src/data/registry.mjs';
import {root} from '../../src/build/paths.mjs';
import {codeBlocks, metaValue} from '../../scripts/lib/code-blocks.mjs';
import {validateText} from '../../src/plugins/validator/engine/validate-text.mjs';
import {examples} from '../../generated/validator/examples.mjs';
import {fieldCounts, versionDiffs} from '../../src/plugins/message-dictionary/message-dictionary.mjs';

const spec = readSpec('planning-2.0.json');
const v1 = readSpec('planning.json');
const schemas = spec.components.schemas;
const messages = ['PlanningRequest', 'PlanningAssignment', 'PlanningConstraints'];

/** The field paths of a message, one per property (`a.b`, `a[]` for an array's items), the root not counted. */
function fieldPaths(components, name) {
  const resolve = (node) => {
    while (node?.$ref || node?.allOf) node = node.$ref ? components[node.$ref.split('/').pop()] : node.allOf[0];
    return node;
  };
  const out = [];
  const walk = (node, prefix) => {
    const s = resolve(node);
    const object = s.type === 'array' ? resolve(s.items) : s;
    const base = s.type === 'array' ? `${prefix}[]` : prefix;
    for (const [key, child] of Object.entries(object.properties ?? {})) {
      const p = base ? `${base}.${key}` : key;
      out.push(p);
      walk(child, p);
    }
  };
  walk(components[name], '');
  return out;
}

describe('specs/planning-2.0.json: the v2.0 message model', () => {
  test('has the three messages with the published number of fields, and no operation', () => {
    assert.deepEqual(
      messages.map((m) => fieldPaths(schemas, m).length),
      [136, 143, 84],
    );
    assert.deepEqual(operationsOf(spec), []);
    assert.match(spec.info.description, /Message model only, no API operations/);
    assert.match(spec.info.description, /published planning API \(version 1\.0\) references the v1\.0 message schemas/);
  });

  test('has no `item` wrapper, the split address and the JSON name costAllocation with its XML name', () => {
    for (const m of messages) assert.ok(!fieldPaths(schemas, m).some((p) => /(^|\.)item(\.|\[|$)/.test(p)), m);
    assert.ok(fieldPaths(v1.components.schemas, 'PlanningRequest').includes('positionProfile.positionLocation.item.line'));
    const request = fieldPaths(schemas, 'PlanningRequest');
    for (const p of ['streetName', 'houseNumber', 'houseNumberAddition', 'name'])
      assert.ok(request.includes(`positionProfile.positionLocation.${p}`), p);
    assert.ok(!request.some((p) => p.endsWith('.line')));
    for (const profile of ['RequestPositionProfile', 'AssignmentPositionProfile'])
      assert.deepEqual(schemas[profile].properties.costAllocation.xml, {name: 'costAllocationRef'});
    assert.deepEqual(schemas.PlanningConstraints.xml, {name: 'PlanningConstraints'});
  });

  test('the registry says what exists: messages without an API, in the v2.0 XML namespace', () => {
    const entry = apis.find((a) => a.specFile === 'planning-2.0.json');
    assert.equal(entry.api, false);
    assert.equal(entry.referenceRoute, undefined);
    assert.equal(entry.status, 'message-model');
    assert.equal(entry.standardSlug, 'planning');
    assert.equal(entry.docsRoute, '/planning/2.0/');
    assert.deepEqual(entry.messageTypes, messages);
    assert.equal(entry.xml.namespace, 'https://ontology.setu.nl/messages');
    assert.equal(apis.find((a) => a.id === 'planning').status, 'referenced');
  });
});

describe('src/data/message-changes/planning-1.0-to-2.0.json', () => {
  const data = JSON.parse(fs.readFileSync(path.join(root, 'src', 'data', 'message-changes', 'planning-1.0-to-2.0.json'), 'utf8'));
  // The field paths as the dictionary writes them: an array's own path ends in [] too.
  const withArrays = (components, name) => {
    const paths = new Set(fieldPaths(components, name));
    for (const p of [...paths]) if (p.endsWith('[]')) paths.add(p);
    for (const p of [...paths]) for (const m of p.matchAll(/\[\]/g)) paths.add(p.slice(0, m.index + 2));
    return paths;
  };

  test('moves every `item` wrapper of v1.0 (14) to a path of v2.0, and names only these messages', () => {
    assert.deepEqual(data.messages, Object.fromEntries(messages.map((m) => [m, m])));
    assert.equal(data.moves.length, 14);
    for (const move of data.moves) {
      assert.match(move.from, /\.item(\[\])?$/, move.from);
      assert.ok(withArrays(v1.components.schemas, move.message).has(move.from), `${move.message}: ${move.from} is no v1.0 path`);
      assert.ok(withArrays(schemas, move.message).has(move.to), `${move.message}: ${move.to} is no v2.0 path`);
      assert.ok(move.why.length > 20);
    }
  });

  test('the counts on the changes page are those of the computed diff, and its rows add up', () => {
    const page = fs.readFileSync(path.join(root, 'docs', 'planning', '2.0', 'changes.mdx'), 'utf8');
    const section = page.slice(page.indexOf('{#numbers}'), page.indexOf('{#item-wrappers}'));
    const rows = section.split('\n').filter((line) => /^\| \S/.test(line) && !line.startsWith('|---'));
    const [header, ...body] = rows.map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
    assert.deepEqual(header.slice(1), messages);
    const keys = {
      'Fields in v1.0': 'from',
      Unchanged: 'unchanged',
      'New path only': 'moved',
      Changed: 'changed',
      'Gone with an `item` level': 'levelsGone',
      Removed: 'removed',
      Added: 'added',
      'Fields in v2.0': 'to',
    };
    assert.deepEqual(
      body.map((cells) => cells[0]),
      Object.keys(keys),
    );
    const diff = versionDiffs().find((d) => d.file === 'planning-1.0-to-2.0.json');
    messages.forEach((message, column) => {
      const counts = fieldCounts(
        diff,
        diff.messages.find((m) => m.toMessage === message),
      );
      const shown = Object.fromEntries(body.map((cells) => [keys[cells[0]], Number(cells[column + 1])]));
      for (const key of Object.values(keys)) assert.equal(shown[key], counts[key], `${message}: ${key}`);
      assert.equal(shown.from, shown.unchanged + shown.moved + shown.changed + shown.levelsGone + shown.removed, `${message}: v1.0`);
      assert.equal(shown.to, shown.unchanged + shown.moved + shown.changed + shown.added, `${message}: v2.0`);
      // "Every changed field here also has a new path."
      assert.equal(counts.changedAtNewPath, counts.changed, message);
      assert.equal(shown.to, fieldPaths(schemas, message).length, message);
    });
    // One field gone per `item` level: as many as there are moves of an `item` level.
    assert.equal(
      messages.reduce(
        (sum, message) =>
          sum +
          fieldCounts(
            diff,
            diff.messages.find((m) => m.toMessage === message),
          ).levelsGone,
        0,
      ),
      data.moves.length,
    );
  });

  test('explains with our analysis, in the pinned kinds', () => {
    for (const row of data.explained) {
      assert.ok(['added', 'removed', 'moved', 'type', 'cardinality', 'values', 'format'].includes(row.change), row.change);
      assert.equal(row.source, 'ours');
      assert.ok(messages.includes(row.message));
    }
    const added = data.explained.filter((r) => r.change === 'added').map((r) => `${r.message} ${r.path}`);
    for (const m of ['PlanningRequest', 'PlanningAssignment'])
      for (const f of ['streetName', 'houseNumber', 'houseNumberAddition'])
        assert.ok(added.includes(`${m} positionProfile.positionLocation.${f}`));
  });
});

// The standard's own v2.0 examples, rebuilt from the description of what they contain (values invented where the
// description gives none). PlanningConstraints uses no element that changed, so it fits both versions alike.
const official = {
  PlanningRequest: {
    documentId: {value: 'PR-1', schemeAgencyId: 'Customer'},
    supplier: {id: [{value: 'S-1', schemeAgencyId: 'Customer'}]},
    customer: {id: [{value: 'C-1', schemeAgencyId: 'Customer'}]},
    positionProfile: {
      positionId: {value: 'P-1'},
      positionTitle: 'Picker',
      positionTask: {id: {value: 'T-1'}, description: {value: 'Picking from high pallets'}},
      positionLocation: {name: 'Tholen'},
      requestedWorker: [{workerId: {value: '123456', schemeAgencyId: 'Supplier'}}],
      positionQualifications: {
        positionCompetencies: [
          {competencyIds: [{value: 'K-1', schemeAgencyId: 'Customer'}], competencyName: 'Reach truck'},
          {competencyIds: [{value: 'K-2', schemeAgencyId: 'Supplier'}], competencyName: 'Order picking'},
        ],
        licenses: [{name: 'Reach truck certificate'}],
      },
      positionPeriod: {start: '2023-06-13', end: '2024-06-13'},
    },
    periodicPlanningLine: [
      {
        lineId: {value: '1', schemeAgencyId: 'Customer'},
        planningPeriod: 'Monday',
        startTime: '08:00:00Z',
        endTime: '16:00:00Z',
        breaks: [
          {paidOrUnpaid: 'Paid', startTime: '10:00:00Z', endTime: '10:30:00Z'},
          {paidOrUnpaid: 'Paid', startTime: '12:00:00Z', endTime: '13:00:00Z'},
        ],
        positionQuantity: 1,
      },
    ],
    singlePlanningLine: [
      {
        lineId: {value: '2', schemeAgencyId: 'Customer'},
        singlePlanningType: 'Occasional',
        startDateTime: '2022-09-14T07:00:00+02:00',
        endDateTime: '2022-09-14T16:00:00+02:00',
        breaks: [{paidOrUnpaid: 'Paid', startDateTime: '2022-09-14T11:30:00+02:00', endDateTime: '2022-09-14T12:00:00+02:00'}],
        positionQuantity: 1,
      },
    ],
  },
  PlanningAssignment: {
    documentId: {value: 'PA-1', schemeAgencyId: 'Customer'},
    customer: {id: [{value: 'C-1', schemeAgencyId: 'Customer'}]},
    assignedWorker: {
      assignedStatus: true,
      workerId: {value: '123456', schemeAgencyId: 'Supplier'},
      person: {name: {formattedName: 'J. Jansen'}},
    },
    positionProfile: {
      positionId: {value: 'P-1'},
      positionTitle: 'Picker',
      positionTask: {id: {value: 'T-1'}, description: {value: 'Picking from high pallets'}},
      positionLocation: {name: 'Tholen'},
      positionPeriod: {start: '2023-06-13', end: '2024-06-13'},
    },
    periodicPlanningLine: [
      {
        lineId: {value: '1', schemeAgencyId: 'Customer'},
        planningPeriod: 'Monday',
        startTime: '07:00:00+00:00',
        endTime: '16:00:00+00:00',
        breaks: [{paidOrUnpaid: 'Paid', startTime: '11:30:00+00:00', endTime: '12:00:00+00:00'}],
      },
    ],
    singlePlanningLine: [
      {
        lineId: {value: '2', schemeAgencyId: 'Customer'},
        singlePlanningType: 'Occasional',
        startDateTime: '2022-09-14T07:00:00+02:00',
        endDateTime: '2022-09-14T16:00:00+02:00',
        breaks: [{paidOrUnpaid: 'Paid', startDateTime: '2022-09-14T11:30:00+02:00', endDateTime: '2022-09-14T12:00:00+02:00'}],
      },
    ],
  },
  PlanningConstraints: {
    documentId: {value: 'PC-1', schemeAgencyId: 'Supplier'},
    supplier: {id: [{value: 'S-1', schemeAgencyId: 'Supplier'}]},
    customer: {id: [{value: 'C-1', schemeAgencyId: 'Supplier'}]},
    worker: {workerId: [{value: '123456', schemeAgencyId: 'Supplier'}]},
    periodicAvailabilityLine: [
      {
        lineId: {value: '1', schemeAgencyId: 'Supplier'},
        availabilityStatus: 'Available',
        availabilityPeriod: 'Monday',
        startTime: '08:00:00Z',
        endTime: '16:00:00Z',
      },
    ],
    singleAvailabilityLine: [
      ['2022-09-12', '2022-09-18', 'Available', true],
      ['2022-09-19', '2022-10-09', 'NotAvailable', false],
      ['2022-10-10', '2022-10-16', 'Available', false],
    ].map(([start, end, availabilityStatus, related], i) => ({
      lineId: {value: `S-${i + 1}`, schemeAgencyId: 'Supplier'},
      singleAvailabilityType: 'Occasional',
      availabilityStatus,
      startDateTime: `${start}T00:00:00+02:00`,
      endDateTime: `${end}T00:00:00+02:00`,
      ...(related ? {relatedWorker: [{workerId: {value: '987654', schemeAgencyId: 'Supplier'}, relatedWorkerType: 'Required'}]} : {}),
    })),
  },
};

describe('the validator tells v2.0 from v1.0', () => {
  const pretty = (v) => JSON.stringify(v, null, 2);
  const page = path.join(root, 'docs', 'planning', '2.0', 'examples.mdx');
  const blocks = codeBlocks(page).filter((b) => metaValue(b.meta, 'schema'));

  test('the examples page has each message in JSON and in XML', () => {
    assert.deepEqual(
      blocks.map((b) => `${b.lang} ${metaValue(b.meta, 'schema')}`),
      messages.flatMap((m) => [`json ${m}`, `xml ${m}`]),
    );
  });

  for (const block of blocks) {
    const name = metaValue(block.meta, 'schema');
    test(`${block.file}:${block.line} (${block.lang}) is detected as ${name} 2.0, and says why`, () => {
      const result = validateText(block.code);
      assert.equal(result.type, `${name} 2.0`);
      assert.equal(result.valid, true, result.summary);
      if (block.lang === 'json') assert.match(result.reason, new RegExp(`its structure is that of ${name} 2\\.0: ${name} 1\\.0 has no \``));
      else
        assert.match(
          result.reason,
          /in the namespace `https:\/\/ontology\.setu\.nl\/messages`, the namespace of Planning and Scheduling 2\.0/,
        );
      assert.match(result.summary, /^Valid/);
    });
  }

  test('the v1.0 examples are detected as v1.0, with the `item` levels as the reason', () => {
    for (const m of messages) {
      const example = examples.find((e) => e.type === `${m} 1.0`);
      const json = validateText(example.text);
      assert.equal(json.type, `${m} 1.0`);
      assert.match(json.reason, new RegExp(`its structure is that of ${m} 1\\.0: ${m} 2\\.0 has no \`[^\`]*\\.item\``));
      const xml = validateText(example.xml);
      assert.equal(xml.type, `${m} 1.0`);
    }
  });

  test('the standard’s v2.0 examples, rebuilt: request and assignment are v2.0 by structure; constraints fit both alike', () => {
    for (const m of ['PlanningRequest', 'PlanningAssignment']) {
      const result = validateText(pretty(official[m]));
      assert.equal(result.type, `${m} 2.0`, result.reason);
      assert.equal(result.valid, true, result.summary);
      assert.match(result.reason, /`positionProfile\.positionLocation\.name`/);
    }
    const constraints = validateText(pretty(official.PlanningConstraints));
    assert.equal(constraints.valid, true, constraints.summary);
    assert.equal(constraints.type, 'PlanningConstraints 1.0');
    assert.match(
      constraints.reason,
      /fits PlanningConstraints 1\.0 and PlanningConstraints 2\.0 alike .* the version the published API references/,
    );
    assert.equal(validateText(pretty(official.PlanningConstraints), 'PlanningConstraints 2.0').valid, true);
  });

  test('a message that mixes the versions is checked as the one it is closer to, and the reason says so', () => {
    const mixed = structuredClone(official.PlanningRequest);
    mixed.positionProfile.costAllocationRef = {item: {costCenter: {code: 'CC-1'}}};
    const result = validateText(pretty(mixed));
    assert.equal(result.type, 'PlanningRequest 2.0');
    assert.equal(result.valid, false);
    assert.match(
      result.reason,
      /fits no version fully: it is closer to PlanningRequest 2\.0, which does not know `positionProfile\.costAllocationRef`/,
    );
  });

  test('an `item` wrapper where v2.0 has a plain list counts against v2.0, even when both versions lack something else', () => {
    const wrapped = {
      documentId: {value: 'PR-1', schemeAgencyId: 'Customer'},
      customer: {name: 'Customer'},
      positionProfile: {positionLocation: {}, workingPeriods: {item: [{workDuration: {value: 'eight'}}]}},
    };
    const result = validateText(pretty(wrapped));
    assert.equal(result.type, 'PlanningRequest 1.0', result.reason);
    assert.match(result.reason, /PlanningRequest 2\.0, which does not know `customer\.name` and `positionProfile\.workingPeriods\.item`/);
  });

  test('XML in another namespace is checked as the version its structure is closer to', () => {
    const v2 = examples.find((e) => e.type === 'PlanningRequest 2.0').xml.replace('https://ontology.setu.nl/messages', 'urn:example');
    const result = validateText(v2);
    assert.equal(result.type, 'PlanningRequest 2.0');
    assert.match(result.reason, /the namespace of no version of Planning and Scheduling .* closer to PlanningRequest 2\.0 \(0 problems\)/);
    assert.ok(result.errors.some((e) => e.rule === 'namespace'));
  });
});
