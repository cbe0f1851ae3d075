// The data file the plugin writes (index.ts) and the page's component imports.
declare module '@generated/conformance/default/conformance-checks.json' {
  const apis: import('./page-data.mjs').PageApi[];
  export default apis;
}
