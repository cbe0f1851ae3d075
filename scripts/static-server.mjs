// A plain static host for the production build, as a web server serves it: build/ under /docs/, a folder answers
// with its index.html, `/docs/x` also finds x.html, unknown paths get 404.html with status 404, text is
// gzip-compressed (as the nginx configuration in deploy/ does), hashed assets are cached for a year, `.md` and `.txt`
// are UTF-8 text, and so are the commands' files under /docs/tools/ (SHA256SUMS as text/plain, the commands as
// text/javascript), `/docs.md` is the home page's twin. No redirects.
// sirv resolves paths inside build/ only (a request such as /docs/..%2Fsecret gets 404); compression negotiates gzip.
// Usage: node scripts/static-server.mjs [--port 3000] [--dir build]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import sirv from 'sirv';
import compression from 'compression';

export function createStaticServer({dir, basePath = '/docs/'}) {
  const root = path.resolve(dir);
  const notFoundPage = fs.readFileSync(path.join(root, '404.html'));
  const notFound = (req, res) => {
    res.writeHead(404, {'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache'});
    res.end(req.method === 'HEAD' ? undefined : notFoundPage);
  };
  const homeTwin = `${basePath.replace(/\/$/, '')}.md`;
  const compress = compression();
  const files = sirv(root, {
    extensions: ['html'],
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The pages' Markdown twins and llms.txt, with their charset, as the nginx configuration serves them.
      if (pathname.endsWith('.md')) res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
      if (pathname.endsWith('.txt')) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      // The commands' files: sirv knows no type for SHA256SUMS, which has no extension.
      if (pathname === '/tools/SHA256SUMS') res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      if (pathname.startsWith('/tools/') && pathname.endsWith('.mjs')) res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    },
    onNoMatch: notFound,
  });
  return http.createServer((req, res) => {
    // gzip only, as the nginx configuration serves it: the benchmark's figures stay comparable with a real host.
    if (req.headers['accept-encoding']) req.headers['accept-encoding'] = req.headers['accept-encoding'].replace(/\bbr\b/g, '');
    compress(req, res, () => {
      const url = req.url ?? '/';
      // The home page's Markdown twin by its URL without the slash (`/docs.md`), outside the build: the build's index.md.
      if (url.split('?')[0] === homeTwin) {
        req.url = `/index.md${url.slice(homeTwin.length)}`;
        return files(req, res);
      }
      if (!url.startsWith(basePath)) return notFound(req, res);
      req.url = url.slice(basePath.length - 1);
      files(req, res);
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const port = Number(arg('port', process.env.PORT ?? 3000));
  const dir = arg('dir', 'build');
  if (!fs.existsSync(path.join(dir, '404.html'))) {
    console.error(`${dir}/404.html not found: run \`npm run build\` first.`);
    process.exit(1);
  }
  createStaticServer({dir}).listen(port, '127.0.0.1', () => console.log(`Serving ${dir}/ at http://127.0.0.1:${port}/docs/`));
}
