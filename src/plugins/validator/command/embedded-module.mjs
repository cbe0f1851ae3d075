// Runtime of the one-file setu-validate (build.mjs): runs a module that the file carries as a deflated, base64 string.
// Each message type's validator travels so, and is inflated and compiled only when a message of that type is checked:
// a run needs one type's validator (or a few), and V8 need not parse the others (most of the file) on every start.
import {inflateRawSync} from 'node:zlib';

/**
 * The exports of an embedded CommonJS module.
 * @param {string} base64 the module's source, deflated (raw) then base64-encoded
 * @param {Record<string, unknown>} modules what its `require` calls return, by name
 * @returns {any}
 */
export function runEmbedded(base64, modules) {
  const source = inflateRawSync(Buffer.from(base64, 'base64')).toString('utf8');
  const module = {exports: {}};
  const require = (/** @type {string} */ name) => {
    if (!(name in modules)) throw new Error(`setu-validate: an embedded module requires ${name}, which the file does not carry`);
    return modules[name];
  };
  // The source is the build's own output (build.mjs), not input: compiling it is what an import of it would do.
  new Function('module', 'exports', 'require', source)(module, module.exports, require);
  return module.exports;
}
