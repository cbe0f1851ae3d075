// The data file the plugin writes (index.ts) and the page's component imports.
declare module '@generated/conformance/default/conformance-checks.json' {
  const apis: import('./page-data.mjs').PageApi[];
  export default apis;
}

// setu-conform as this build publishes it (its version, file and SHA-256), which the plugin takes from the validator
// plugin's content (index.ts, allContentLoaded) for the page's workflow (theme/ConformanceWorkflow).
declare module '@generated/conformance/default/setu-conform-release.json' {
  const release: import('../validator/command/pipeline.mjs').PublishedRelease;
  export default release;
}
