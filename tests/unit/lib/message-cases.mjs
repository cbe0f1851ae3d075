// The messages the validator tests run on: every example of a message type in the specs, and the broken variants of
// each (scripts/lib/mutations.mjs), each breaking one rule at one place.
import {readSpec, createAjv, compileSchemas, examplesOf, specFiles, dialectOf} from '../../../src/build/specs.mjs';
import {messageTypeNames, typeKey} from '../../../src/plugins/validator/generate.mjs';
import {mutations} from '../../../scripts/lib/mutations.mjs';

const refName = (schema) => schema?.$ref?.replace('#/components/schemas/', '');

/** The spec examples of the validator's message types: [{file, spec, where, type, schema, value}] (list bodies give one entry per item). */
export function messageExamples() {
  const out = [];
  for (const file of specFiles) {
    const spec = readSpec(file);
    for (const {where, schema, value} of examplesOf(spec)) {
      const type = refName(schema) ?? (schema?.type === 'array' ? refName(schema.items) : undefined);
      if (!type || !messageTypeNames[file].includes(type)) continue;
      const key = typeKey(file, type);
      if (schema.type === 'array')
        value.forEach((item, i) => out.push({file, spec, where: `${where} [${i}]`, type: key, schema: schema.items, value: item}));
      else out.push({file, spec, where, type: key, schema, value});
    }
  }
  return out;
}

/**
 * The broken variants of the examples (each distinct example once): [{where, type, m, reference}], `m` a mutation
 * ({kind, path, description, value, …}), `reference` the unit tests' own Ajv validator of the example's schema.
 */
export function brokenVariants(examples = messageExamples()) {
  const cases = [];
  const seen = new Set();
  for (const {file, spec, where, type, schema, value} of examples) {
    const key = `${type}\u0000${JSON.stringify(value)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const ajv = createAjv({}, dialectOf(spec));
    compileSchemas({[file]: spec}, ajv);
    const id = `https://setu.nl/specs/${file}`;
    const compile = (s) => ajv.compile(JSON.parse(JSON.stringify(s).replaceAll('"#/components/', `"${id}#/components/`)));
    const reference = compile(schema);
    const accepts = (s, v) => compile(s)(v);
    for (const m of mutations(spec, schema, value, accepts)) cases.push({where, type, m, reference});
  }
  return cases;
}
