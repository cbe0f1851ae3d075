// A stock Docusaurus site for side-by-side benchmarks (npm run bench -- --side-by-side): the classic template of the
// same @docusaurus/* version as this site, created from the npm registry into bench-results/stock-site/ (not in git),
// with `baseUrl: '/docs/'` like ours and nothing else changed but the two links that baseUrl would break (the template
// links `/docs/intro`, which under `/docs/` must be written `/docs/docs/intro`). It has its own node_modules, so our
// patches of Docusaurus (patches/) do not apply to it.
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {root} from '../../src/build/paths.mjs';

const stockDir = path.join(root, 'bench-results', 'stock-site');

/** The route of the stock site's doc page, the page every page type of ours is compared with. */
export const stockDocPage = '/docs/docs/intro';

const run = (/** @type {string} */ command, /** @type {string[]} */ args, /** @type {string} */ cwd) => {
  const result = spawnSync(command, args, {cwd, stdio: ['ignore', 'inherit', 'inherit']});
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${path.relative(root, cwd) || '.'}`);
};

/**
 * The stock site's build folder: created, installed and built first where it is missing.
 * @param {(message: string) => void} log
 */
export function stockBuild(log) {
  const version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@docusaurus/core/package.json'), 'utf8')).version;
  const config = path.join(stockDir, 'docusaurus.config.ts');
  if (!fs.existsSync(config)) {
    log(`creating a stock Docusaurus ${version} classic site in ${path.relative(root, stockDir)}`);
    fs.mkdirSync(path.dirname(stockDir), {recursive: true});
    run(
      'npx',
      ['--yes', `create-docusaurus@${version}`, path.basename(stockDir), 'classic', '--typescript', '--skip-install'],
      path.dirname(stockDir),
    );
    const edit = (/** @type {string} */ file, /** @type {[string | RegExp, string][]} */ changes) => {
      let text = fs.readFileSync(file, 'utf8');
      for (const [from, to] of changes) {
        if (!text.match(from)) throw new Error(`${file}: the template no longer has ${from}`);
        text = text.replace(from, to);
      }
      fs.writeFileSync(file, text);
    };
    edit(config, [
      [/baseUrl: '\/',/, "baseUrl: '/docs/',"],
      ["to: '/docs/intro'", "to: '/docs/docs/intro'"],
    ]);
    edit(path.join(stockDir, 'src/pages/index.tsx'), [['to="/docs/intro"', 'to="/docs/docs/intro"']]);
  }
  if (!fs.existsSync(path.join(stockDir, 'node_modules'))) {
    log('installing the stock site');
    run('npm', ['install', '--no-audit', '--no-fund'], stockDir);
  }
  const build = path.join(stockDir, 'build');
  if (!fs.existsSync(path.join(build, 'sitemap.xml'))) {
    log('building the stock site');
    run('npx', ['docusaurus', 'build'], stockDir);
  }
  return build;
}
