// Stands in for chalk in the browser's and the server's bundles (src/plugins/module-replacements.mjs). The OpenAPI
// plugin's example generator, which the API pages run in the browser, imports chalk to colour one console warning;
// chalk's set-up of its colour tables ran with every operation page. Here every colour leaves the text as it is.
// Plain JavaScript: the bundler does not compile modules where chalk lives.

/** @typedef {((...text: unknown[]) => string) & {[style: string]: Colour}} Colour */

/** @type {Colour} */
const plain = new Proxy(/** @type {Colour} */ ((...text) => text.join(' ')), {
  get: (target, property) => (typeof property === 'string' ? plain : Reflect.get(target, property)),
});

export default plain;
