// `npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--report FILE]`: the sandbox on localhost
// (src/plugins/sandbox/local-server.mjs), at http://127.0.0.1:<port>/<registry id>/<operation path> and under
// /docs/sandbox/ as the site's request samples write it, with resources in memory until it stops. The npm script first
// generates the validators.
// --report FILE: when the sandbox stops (Ctrl+C, SIGTERM), every request it received and its verdict, as JUnit (FILE.xml)
// or JSON (FILE.json), for the tests of a client (src/plugins/conformance/client-report.mjs).
import {clientReport, createSandboxServer} from '../src/plugins/sandbox/local-server.mjs';
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
  const reportFile = arg('report', '');
  const report = reportFile ? clientReport(reportFile) : null;
  if (process.argv.includes('--report') && !report) {
    console.error(`[sandbox] --report ${reportFile}: name a .xml file (a JUnit report) or a .json file`);
    process.exit(2);
  }
  if (report) {
    // When the sandbox stops: the report of every request, written before the process ends.
    const stop = () => {
      try {
        const requests = report.write();
        console.log(`\n[sandbox] ${requests} requests reported in ${reportFile}`);
        process.exit(0);
      } catch (error) {
        console.error(`[sandbox] --report ${reportFile}: ${messageOf(error)}`);
        process.exit(1);
      }
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
  try {
    const {server, apis} = createSandboxServer({onVerdict: report?.onVerdict});
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
      if (report) console.log(`  every request and its verdict go to ${reportFile} when it stops`);
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
