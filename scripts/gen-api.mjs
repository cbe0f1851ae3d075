// Generates the API reference pages from specs/ (run before every build, start and typecheck).
// 1. Each spec must be valid JSON and valid OpenAPI (3.0 or 3.1); otherwise stop with the file and the reason.
// 2. Old generated pages are removed, so nothing stale can ship.
// 3. The plugin generates the pages; then every operation of the spec must have its page.
// Usage: node scripts/gen-api.mjs [--check-only] [--specs-dir specs]
//   --check-only   only step 1 (the robustness tests run it on copies of the specs with a fault)
import fs from 'node:fs';
import path from 'node:path';
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import {readSpec, operationsOf} from './lib/specs.mjs';
import {root, shown} from './lib/paths.mjs';
import {apis as registry, pluginIdOf} from './lib/apis.mjs';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check-only');
const specsDir = args.includes('--specs-dir') ? path.resolve(args[args.indexOf('--specs-dir') + 1]) : path.join(root, 'specs');

const apis = registry.map((api) => ({...api}));

const fail = (message) => {
  console.error(`\n[gen-api] ${message}\n`);
  process.exit(1);
};

for (const api of apis) {
  const file = shown(path.join(specsDir, api.specFile));
  let spec;
  try {
    spec = readSpec(api.specFile, specsDir);
  } catch (error) {
    fail(error.message); // names file:line:column
  }
  try {
    await SwaggerParser.validate(structuredClone(spec));
  } catch (error) {
    fail(`${file} is not a valid OpenAPI document: ${error.message}`);
  }
  const missingIds = operationsOf(spec).filter(({operation}) => !operation.operationId);
  if (missingIds.length) {
    fail(
      `${file}: operations without operationId (their pages would overwrite each other): ${missingIds.map((o) => `${o.method.toUpperCase()} ${o.path}`).join(', ')}`,
    );
  }
  api.operationCount = operationsOf(spec).length;
}
if (checkOnly) {
  console.log(`[gen-api] ${apis.length} specs in ${shown(specsDir)} are valid OpenAPI`);
  process.exit(0);
}
if (specsDir !== path.join(root, 'specs'))
  fail('--specs-dir needs --check-only: the plugin generates from the specs/ named in docusaurus.config.ts');

const docusaurus = path.join(root, 'node_modules', '.bin', 'docusaurus');
const run = promisify(execFile);
// The generations are independent processes that each spend ~2 s loading the site config: in parallel.
await Promise.all(
  apis.map(async (api) => {
    const dir = path.join(root, 'api-reference', api.id);
    for (const file of fs.readdirSync(dir)) {
      if (/\.(mdx|json)$/.test(file) || file === 'sidebar.ts') fs.rmSync(path.join(dir, file));
    }
    try {
      await run(docusaurus, ['gen-api-docs', 'all', '--plugin-id', `openapi-${pluginIdOf(api)}`], {cwd: root, maxBuffer: 64 * 1024 * 1024});
    } catch (error) {
      fail(`docusaurus gen-api-docs for specs/${api.specFile} failed:\n${error.stderr || error.message}`);
    }
  }),
);
for (const api of apis) {
  const dir = path.join(root, 'api-reference', api.id);
  const pageFiles = fs.readdirSync(dir).filter((f) => f.endsWith('.api.mdx'));
  const pages = pageFiles.length;
  if (pages !== api.operationCount) {
    fail(
      `specs/${api.specFile}: ${api.operationCount} operations but ${pages} generated pages in api-reference/${api.id}/ (duplicate operationIds?)`,
    );
  }
  if (!fs.existsSync(path.join(dir, 'sidebar.ts'))) fail(`api-reference/${api.id}/sidebar.ts was not generated`);
  console.log(`[gen-api] ${api.id}: ${pages} operation pages from specs/${api.specFile}`);
}
