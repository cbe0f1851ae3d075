// The XML form of a message's JSON example in an operation's twin, written as the operation page writes it
// (src/plugins/api-reference/operation-page.ts, withXmlExamples): by the validator's writer, with the registry's root
// element and namespace.
import {xmlRootOf} from '../../data/registry.mjs';
import {modelToXml} from '../validator/engine/xml-model.mjs';

/**
 * @param {import('../../data/registry.mjs').ApiVersion} api
 * @param {{components?: {schemas?: Record<string, any>}}} spec the API version's spec
 * @returns {import('./operation-markdown.mjs').XmlOf} null for a type without an XML form
 */
export function xmlExamples(api, spec) {
  const schemas = spec.components?.schemas ?? {};
  return (message, value) => {
    if (!api.xml || !api.messageTypes.includes(message) || !schemas[message]) return null;
    try {
      const root = xmlRootOf(api, message, schemas[message]);
      return modelToXml(value, {typeName: message, components: schemas, root, namespace: api.xml.namespace});
    } catch {
      // A message with no XML form (Attachment's `mime type` is no element name).
      return null;
    }
  };
}
