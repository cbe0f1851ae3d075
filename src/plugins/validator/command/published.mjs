// The entry of the one-file setu-validate that the site publishes (bundled with the validators by
// bundle.mjs, published by src/plugins/validator/): `node setu-validate.mjs message.xml` on Node 20 or later, with nothing installed.
import {main} from './main.mjs';
import {writerTo} from './output.mjs';

process.exitCode = await main(process.argv.slice(2), {
  out: writerTo(1),
  err: writerTo(2),
  stdin: () => process.stdin,
});
