// The business rules of a message type, for the validator's generator (src/plugins/validator/generate.mjs) and the
// message dictionary's (src/plugins/message-dictionary/generate.mjs): the rules the validator checks (the files of
// src/data/ that the registry's `businessRules` names), and the rules SETU publishes for the message (its Schematron
// files, as scripts/derive-published-facts.mjs derived them into src/data/published-forms/business-rules.json).
import fs from 'node:fs';
import path from 'node:path';
import {root} from './paths.mjs';
import {factsDir, factsFolderOf} from './published-forms.mjs';
import {componentNameOf} from '../spec-refs.mjs';

/** @typedef {import('../data/registry.mjs').ApiVersion} ApiVersion */
/** @typedef {import('../plugins/validator/engine/rules.mjs').BusinessRule} BusinessRule */
/** @typedef {import('../plugins/validator/engine/rules-statement.mjs').PublishedRules} PublishedRules */

const readJson = (/** @type {string} */ file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * The rules the validator checks on an API version's messages (their `messages` the schema names of its spec), from the
 * file its registry entry names, or none. A file that builds on another (`basedOn`: the v2.0 planning rules are the v1.0
 * ones, checked as it says): each entry takes the rule of that number from the other file, keeps its message types that
 * the version offers, and applies its own fields; a checked rule's words end with the file's `checkedAs`, and the rule
 * names the version it comes from (`basedOn`).
 * @param {ApiVersion} api
 * @returns {BusinessRule[]}
 */
export function rulesOfApi(api) {
  if (!api.businessRules) return [];
  const data = readJson(path.join(root, 'src', 'data', api.businessRules));
  if (data.standard !== api.standard || data.version !== api.version) {
    throw new Error(
      `src/data/${api.businessRules}: rules of ${data.standard} ${data.version}, named by the entry ${api.id} (${api.standard} ${api.version}) of src/data/apis.json`,
    );
  }
  if (!data.basedOn) return data.rules;
  const base = readJson(path.join(root, 'src', 'data', data.basedOn));
  return data.rules.map((/** @type {any} */ entry) => {
    const rule = base.rules.find((/** @type {any} */ r) => r.number === entry.number);
    if (!rule) throw new Error(`src/data/${data.basedOn}: no BR ${entry.number}, which a file based on it names`);
    const merged = {...rule, ...entry, messages: rule.messages.filter((/** @type {string} */ m) => api.messageTypes.includes(m))};
    if (merged.check !== null && data.checkedAs) merged.rule = `${rule.rule} (${data.checkedAs})`;
    return {...merged, basedOn: base.version};
  });
}

/** The derived facts of the published business rules (business-rules.json), read once. */
let published;

/**
 * The rules SETU publishes for a message type of an API version: the numbers, the message whose Schematron file has them
 * and, for a line body, its line elements; for a type that is a choice of line bodies (`PlanningRequestLine`), those of
 * its forms together. Null where SETU publishes none for it.
 * @param {ApiVersion} api
 * @param {string} message the component schema
 * @param {Record<string, any>} components the spec's component schemas
 * @returns {PublishedRules | null}
 */
export function publishedRulesOf(api, message, components) {
  published ??= readJson(path.join(factsDir, 'business-rules.json'));
  const version = published.versions[factsFolderOf(api)];
  if (!version)
    throw new Error(
      `src/data/published-forms/business-rules.json has no ${factsFolderOf(api)}: run node scripts/derive-published-facts.mjs on SETU's published files of ${api.standard} ${api.version}`,
    );
  const forms = [message, ...(components[message]?.oneOf ?? []).map((/** @type {any} */ alt) => componentNameOf(alt.$ref))];
  const found = forms.map((name) => version.messages[name]).filter(Boolean);
  if (found.length === 0) return null;
  return {
    numbers: [...new Set(found.flatMap((f) => f.rules.map((/** @type {{number: number}} */ r) => r.number)))].sort((a, b) => a - b),
    message: found[0].message ?? message,
    version: api.version,
    file: path.basename(found[0].source.file),
    elements: found.flatMap((f) => (f.element ? [f.element] : [])),
  };
}
