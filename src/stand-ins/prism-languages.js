// Stands in for theme-classic's client module of the same name (src/plugins/module-replacements.mjs), which loaded
// Prism and added its languages on every page before the page hydrated. Code blocks load Prism when they need it, with
// those languages (src/theme/CodeBlock/Content/highlight.ts).
export {};
