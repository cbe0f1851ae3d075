// The languages of the operation pages' request samples (the theme's `themeConfig.languageTabs`, set in
// docusaurus.config.ts): curl plus four common client languages. A module of its own so that the test that runs the
// samples (tests/unit/api-reference/request-samples.test.mjs) renders them with the same tabs as the pages.

/** @type {{highlight: string, language: string, logoClass: string, variant?: string}[]} */
export const languageTabs = [
  {highlight: 'bash', language: 'curl', logoClass: 'curl'},
  {highlight: 'python', language: 'python', logoClass: 'python', variant: 'requests'},
  {highlight: 'javascript', language: 'javascript', logoClass: 'javascript', variant: 'fetch'},
  {highlight: 'java', language: 'java', logoClass: 'java', variant: 'okhttp'},
  {highlight: 'csharp', language: 'csharp', logoClass: 'csharp', variant: 'httpclient'},
];
