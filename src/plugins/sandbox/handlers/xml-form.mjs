// How a value of an API version's component schema is written in SETU's XML form, with the validator's own writer: by
// the sandbox for its answers (answers.mjs) and by the conformance kit for what it sends and reads back
// (src/plugins/conformance/inputs.mjs), so that the two agree on every root element and namespace.
import {modelToXml} from '../../validator/engine/xml-model.mjs';
import {messageTypes} from '../../../../generated/validator/catalog.mjs';
import {schemas} from '../../../../generated/validator/schemas.mjs';
import {apis as registry, xmlRootOf} from '../../../data/registry.mjs';
import {isObject} from './refusals.mjs';

/** An API version as far as its XML form goes: its registry id and spec file (a sandbox's API, the kit's model). */
/** @typedef {{id: string, specFile: string}} ApiVersionRef */

/**
 * How a value of a component schema is written as XML: its root element and namespace (for a body of two forms, those of
 * the form the value has), or null where the version or the schema has no XML form.
 * @param {ApiVersionRef} api
 * @param {string} schema
 * @param {unknown} value
 * @returns {{schema: string, root: string, namespace: string} | null}
 */
export function xmlFormOf(api, schema, value) {
  const type = messageTypes.find((t) => t.file === api.specFile && t.schema === schema);
  if (type) {
    if (type.alternatives.length > 0) {
      const keys = isObject(value) ? Object.keys(/** @type {object} */ (value)) : [];
      const form = type.alternatives
        .map((name) => messageTypes.find((t) => t.name === name))
        .find((t) => t && keys.every((k) => t.properties.includes(k)));
      return form?.xml ? {schema: form.schema, root: form.xml.root, namespace: form.xml.namespace} : null;
    }
    return type.xml ? {schema, root: type.xml.root, namespace: type.xml.namespace} : null;
  }
  // A schema the validator does not offer (an answer object such as `AttachmentResponse`): the version's namespace.
  const entry = registry.find((a) => a.id === api.id);
  const components = schemas[api.specFile];
  if (!entry?.xml || !components?.[schema]) return null;
  return {schema, root: xmlRootOf(entry, schema, /** @type {any} */ (components[schema])), namespace: entry.xml.namespace};
}

/** A value in SETU's XML form, or null where it has none. */
export function toXml(/** @type {ApiVersionRef} */ api, /** @type {string} */ schema, /** @type {unknown} */ value) {
  const form = xmlFormOf(api, schema, value);
  if (!form) return null;
  try {
    return modelToXml(value, {typeName: form.schema, components: schemas[api.specFile] ?? {}, root: form.root, namespace: form.namespace});
  } catch {
    // A value the XML form cannot hold (a property name that is no element name): no XML to offer.
    return null;
  }
}
