// The validator's links from an error to its field's entry in the message dictionary (src/plugins/validator/engine/field-links.mjs):
// an XML message's errors link the same entries as the same faults in its JSON form.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fieldLink, pointerOfElementPath} from '../../../src/plugins/validator/engine/field-links.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {modelToXml} from '../../../src/plugins/validator/engine/xml-model.mjs';
import {examples} from '../../../generated/validator/examples.mjs';
import {messageTypes} from '../../../generated/validator/catalog.mjs';
import {schemas} from '../../../generated/validator/schemas.mjs';
import {dictionary} from '../../../generated/message-dictionary-index.mjs';

test('an element path is read as the pointer of the message model', () => {
  assert.equal(pointerOfElementPath('/Timecard'), '');
  assert.equal(pointerOfElementPath('/Timecard/person'), '/person');
  assert.equal(pointerOfElementPath('/Timecard/timeInterval[2]/id'), '/timeInterval/1/id');
  assert.equal(
    pointerOfElementPath('/PlanningRequest/positionProfile/workingPeriods/item[1]/workDuration'),
    '/positionProfile/workingPeriods/item/0/workDuration',
  );
});

test('an XML error links the entry of its field, with its anchor', () => {
  const xml = [
    '<Timecard xmlns="https://ontology.setu.nl/messages">',
    '  <documentId><value>TC-1</value></documentId>',
    '</Timecard>',
  ].join('\n');
  const result = validateText(xml, 'Timecard');
  assert.equal(result.format, 'xml');
  const missing = result.errors.findIndex((e) => e.pointer === '/Timecard/documentId/schemeAgencyId');
  assert.ok(missing >= 0, JSON.stringify(result.errors.map((e) => e.pointer)));
  assert.equal(result.fieldLinks[missing], '/docs/messages/purchase-to-pay/2.0/Timecard#documentId.schemeAgencyId');
  assert.equal(
    fieldLink(
      {
        file: 'planning.json',
        schema: 'PlanningRequestLine',
        pointer: '/PlanningRequestLine/periodicPlanningLine[1]/lineId',
        format: 'xml',
        message: undefined,
      },
      dictionary,
      schemas,
    ),
    '/docs/messages/planning/1.0/PlanningRequestLine#(RequestedPeriodicPlanningLine).periodicPlanningLine[].lineId',
  );
});

// Each XML example, with a property inside a list taken out (where that is an error): the XML form's errors link the
// same entries as the JSON form's. The first three such faults of each example (all of them: about a minute).
test('XML and JSON forms of the same faulty message link the same dictionary entries', () => {
  let compared = 0;
  for (const example of examples.filter((e) => e.xml)) {
    const type = messageTypes.find((t) => t.name === example.type);
    assert.ok(type?.xml, example.type);
    const model = JSON.parse(example.text);
    /** @type {string[][]} */
    const paths = [];
    const walk = (/** @type {unknown} */ value, /** @type {string[]} */ at) => {
      if (value && typeof value === 'object')
        for (const [key, child] of Object.entries(value)) {
          if (!Array.isArray(value) && at.some((s) => /^\d+$/.test(s))) paths.push([...at, key]);
          walk(child, [...at, key]);
        }
    };
    walk(model, []);
    let faults = 0;
    for (const path of paths) {
      if (faults === 3) break;
      const broken = structuredClone(model);
      const parent = path.slice(0, -1).reduce((o, k) => o[k], broken);
      delete parent[path.at(-1)];
      const json = validateText(JSON.stringify(broken), example.type);
      if (json.errors.length === 0) continue;
      const xml = validateText(
        modelToXml(broken, {typeName: type.schema, components: schemas[type.file], root: type.xml.root, namespace: type.xml.namespace}),
        example.type,
      );
      assert.equal(xml.format, 'xml');
      const links = (/** @type {(string | null)[]} */ l) => [...new Set(l)].sort();
      assert.deepEqual(links(xml.fieldLinks), links(json.fieldLinks), `${example.type} without ${path.join('/')}`);
      assert.ok(
        json.fieldLinks.some((l) => l?.includes('#')),
        `${example.type} without ${path.join('/')}: no anchor`,
      );
      faults++;
      compared++;
    }
  }
  assert.ok(compared > 30, `only ${compared} faults compared`);
});
