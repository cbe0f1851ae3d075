// Helpers for tests of XML messages: the XML form of a message model (the validator's own mapping),
// and where an element is in such a text, told from its layout alone, independently of the
// validator's parser.
import {modelToXml} from '../../../src/plugins/validator/engine/xml-model.mjs';
import {messageTypes} from '../../../generated/validator/catalog.mjs';
import {schemas} from '../../../generated/validator/schemas.mjs';

const byName = new Map(messageTypes.map((t) => [t.name, t]));

/** The XML form of `value` as a message of type `typeName`. */
export function toXml(value, typeName) {
  const type = byName.get(typeName);
  if (!type?.xml) throw new Error(`${typeName} has no XML form`);
  return modelToXml(value, {typeName: type.schema, components: schemas[type.file], root: type.xml.root, namespace: type.xml.namespace});
}

/**
 * Where an element is in a text with one element per line (as modelToXml writes it): the line and
 * column of the start tag of the element at `path`, e.g. "/Timecard/timeInterval[2]/id". A segment
 * without an index means the first element of that name.
 */
export function placeOf(text, path) {
  const wanted = path
    .split('/')
    .slice(1)
    .map((s) => (/\[\d+\]$/.test(s) ? s : `${s}[1]`))
    .join('/');
  const stack = [];
  const counts = [new Map()];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = /^(\s*)<([A-Za-z_][\w.:-]*)(\s[^>]*)?(\/?)>/.exec(line);
    if (open) {
      const name = open[2];
      const seen = counts.at(-1);
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      const here = [...stack, `${name}[${n}]`].join('/');
      if (here === wanted) return {line: i + 1, column: open[1].length + 1};
      if (open[4] !== '/' && !line.includes(`</${name}>`)) {
        stack.push(`${name}[${n}]`);
        counts.push(new Map());
      }
    } else if (/^\s*<\/[A-Za-z_][\w.:-]*>$/.test(line)) {
      stack.pop();
      counts.pop();
    }
  }
  return null;
}
