// `npm run sandbox -- [--port 4010] [--host 127.0.0.1]`: the sandbox on localhost (src/plugins/sandbox/local-server.mjs),
// at http://127.0.0.1:<port>/<registry id>/<operation path> and under /docs/sandbox/ as the site's samples write it, with resources in memory until it stops. The npm script
// first generates the validators.
import {createSandboxServer} from '../src/plugins/sandbox/local-server.mjs';
import {messageOf} from '../src/build/errors.mjs';
import {baseUrl} from '../src/data/site.mjs';

{
  const arg = (/** @type {string} */ name, /** @type {string} */ fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
  };
  const port = Number(arg('port', process.env.PORT ?? '4010'));
  const host = arg('host', '127.0.0.1');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[sandbox] --port ${arg('port', '')}: not a port number`);
    process.exit(2);
  }
  try {
    const {server, apis} = createSandboxServer();
    server.on('error', (error) => {
      console.error(`[sandbox] ${messageOf(error)}`);
      process.exit(1);
    });
    server.listen(port, host, () => {
      const address = server.address();
      const origin = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
      console.log(
        `SETU API sandbox at ${origin}/<API>/<path>, and the same under ${origin}${baseUrl}sandbox/ as the site's request samples write it; resources in memory until it stops (Ctrl+C):`,
      );
      for (const api of apis) {
        console.log(
          `  ${origin}/${api.id}  ${api.title} ${api.version}, ${api.operations.length} operations, setuVersionId ${api.versions.join(' or ')}`,
        );
      }
    });
  } catch (error) {
    console.error(`[sandbox] ${messageOf(error)}`);
    process.exit(1);
  }
}
