// The entry of the one-file setu-conform that the site publishes (/docs/tools/setu-conform.mjs): build.mjs bundles it
// with the kit's models of every API version, which it passes to `run`, as the file's own last line.
import {runAsProcess} from './main.mjs';
import {writerTo} from '../validator/command/output.mjs';

/** Runs the command on process.argv. @param {import('./model.mjs').KitModel[]} models */
export async function run(models) {
  await runAsProcess(models, {out: writerTo(1), err: writerTo(2)});
}
