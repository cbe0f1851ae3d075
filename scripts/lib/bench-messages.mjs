// The messages the validator benchmarks check (scripts/bench-validator.mjs on the page, scripts/bench-command.mjs with
// the command): a valid Timecard of a given size, the spec's example with its time-interval line repeated.
import fs from 'node:fs';
import path from 'node:path';
import {modelToXml} from '../../src/plugins/validator/engine/xml-model.mjs';
import {messageTypes} from '../../generated/validator/catalog.mjs';
import {schemas} from '../../generated/validator/schemas.mjs';
import {root} from '../../src/build/paths.mjs';

/** The XML form of a Timecard, by the validator's own mapping. */
function timecardXml(timecard) {
  const timecardType = messageTypes.find((t) => t.name === 'Timecard');
  if (!timecardType?.xml) throw new Error('the generated catalog has no Timecard with an XML form');
  const {xml, file} = timecardType;
  return modelToXml(timecard, {typeName: 'Timecard', components: schemas[file], root: xml.root, namespace: xml.namespace});
}

/**
 * A valid Timecard of just over `bytes` characters, JSON or XML.
 * @param {number} bytes
 * @param {'json' | 'xml'} [format]
 */
export function timecardOf(bytes, format = 'json') {
  const write = format === 'xml' ? timecardXml : (value) => JSON.stringify(value, null, 2);
  const spec = JSON.parse(fs.readFileSync(path.join(root, 'specs', 'purchase-to-pay.json'), 'utf8'));
  const timecard = structuredClone(spec.components.examples.Timecard.value);
  const line = timecard.timeInterval[0];
  const withLines = (n) => {
    const id = (i) => ({value: `line-${String(i).padStart(7, '0')}`, schemeAgencyId: 'Customer'});
    timecard.timeInterval = Array.from({length: n}, (_, i) => ({...structuredClone(line), id: id(i)}));
    return write(timecard);
  };
  // Every line has the same size (fixed-width ids): the count follows from the sizes with one and two lines.
  const one = withLines(1).length;
  const perLine = withLines(2).length - one;
  return withLines(Math.max(1, Math.ceil((bytes - one) / perLine) + 1));
}
