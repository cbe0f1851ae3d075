// The one folder of generated files, `generated/` (git-ignored, never edited by hand): what `npm run generate` writes
// from specs/ and docs/ and the site and the tests read. Node only (the config, the plugins, the scripts, the tests).
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const generatedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'generated');

/** The generated pages of one API reference (the OpenAPI plugin's output), by registry id. */
export const apiReferenceDir = (/** @type {string} */ apiId) => path.join(generatedDir, 'api-reference', apiId);

/**
 * The message dictionary: its pages (the folder of a docs-plugin instance, with the downloads in `_files/`, which
 * that plugin ignores), and the index of where each message's fields are, for the validator's links.
 */
export const dictionaryDir = path.join(generatedDir, 'message-dictionary');
export const dictionaryIndexFile = path.join(generatedDir, 'message-dictionary-index.mjs');

/** The diagrams rendered as SVG (the validator's compiled schemas are in generated/validator/). */
export const diagramsDir = path.join(generatedDir, 'diagrams');
