// The entry of the one-file setu-validate that the site publishes (bundled with the validators by
// src/plugins/validator-command/): `node setu-validate.mjs message.xml` on Node 20 or later, with nothing installed.
import {main} from './main.mjs';

process.exitCode = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdin: () => process.stdin,
});
