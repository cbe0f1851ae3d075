// ESLint (flat config): JavaScript and TypeScript rules everywhere, React hook rules for the components, and the
// globals of where each file runs. `npm run lint` runs it, and `npm test` runs that.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['build/', '.docusaurus/', 'node_modules/', 'generated/', 'test-results/', 'playwright-report/', 'bench-results/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Node: configuration, tooling, build-time code, tests, and the command setu-validate.
    files: ['*.{js,mjs,ts}', 'scripts/**', 'tests/**', 'src/plugins/**', 'src/remark/**', 'src/build/**', 'src/*.mjs'],
    languageOptions: {globals: {...globals.node}},
  },
  {
    // The browser: what the bundler ships. Browser tests also run code in the page (page.evaluate).
    files: ['src/**', 'tests/e2e/**', 'scripts/lib/mermaid-browser.mjs', 'scripts/bench*.mjs'],
    languageOptions: {globals: {...globals.browser}},
  },
  {
    files: ['src/**/*.worker.ts'],
    languageOptions: {globals: {...globals.worker}},
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    rules: {
      // `_` marks a parameter that a signature requires but the function does not use.
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
      'no-unused-vars': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
    },
  },
);
