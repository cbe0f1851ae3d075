// Stands in for theme-classic's client module prism-include-languages (./module-replacement.mjs), which loaded Prism
// and added its languages on every page before the page hydrated. Code blocks load Prism when they need it, with those
// languages (src/prism/prism.ts).
export {};
