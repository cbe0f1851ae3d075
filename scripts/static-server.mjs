// A plain static host for the production build, as a web server would serve it: build/ under
// /docs/, a folder answers with its index.html, unknown paths get 404.html with status 404,
// responses are gzip-compressed when the client accepts it. No redirects, no rewrites.
// Usage: node scripts/static-server.mjs [--port 3000] [--dir build]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {fileURLToPath} from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.woff2': 'font/woff2', '.map': 'application/json',
};
const compressible = /\.(html|js|css|json|svg|xml|txt|map)$/;

export function createStaticServer({dir, basePath = '/docs/'}) {
  const root = path.resolve(dir);
  const resolveFile = (urlPath) => {
    if (!urlPath.startsWith(basePath)) return null;
    const relative = decodeURIComponent(urlPath.slice(basePath.length));
    const full = path.join(root, relative);
    if (!full.startsWith(root)) return null;
    for (const candidate of [full, path.join(full, 'index.html')]) {
      try {
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {}
    }
    return null;
  };
  return http.createServer((req, res) => {
    let urlPath;
    try {
      urlPath = new URL(req.url, 'http://localhost').pathname;
    } catch {
      urlPath = '/';
    }
    let file = null;
    try {
      file = resolveFile(urlPath);
    } catch {}
    const status = file ? 200 : 404;
    file ??= path.join(root, '404.html');
    const ext = path.extname(file);
    const headers = {'Content-Type': types[ext] ?? 'application/octet-stream'};
    headers['Cache-Control'] = /\/assets\//.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
    let body = fs.readFileSync(file);
    if (compressible.test(file) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = zlib.gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
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
