// Every JSON code block on every page is a message of the standard: it names its schema with
// the meta schema="<ComponentName>" and must validate against that schema of specs/.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {compileSchemas, formatErrors, jsonErrorLocation} from '../../scripts/lib/specs.mjs';
import {pageFiles, codeBlocks, metaValue} from '../../scripts/lib/code-blocks.mjs';

const schemas = compileSchemas();
// SETU_DOCS_DIR checks another folder of pages (the robustness tests use it on copies with a fault).
const jsonBlocks = pageFiles(process.env.SETU_DOCS_DIR || undefined).flatMap(codeBlocks).filter((b) => ['json', 'jsonc', 'json5'].includes(b.lang));

/** "line:column" in the page for a JSON.parse error position. */
function parseErrorLocation(block) {
  const at = jsonErrorLocation(block.code);
  return at ? `${block.line + at.line}:${at.column}` : `${block.line + 1}`;
}

test('the pages contain JSON examples', () => {
  assert.ok(jsonBlocks.length > 0, 'no ```json block found under docs/');
});

for (const block of jsonBlocks) {
  const title = metaValue(block.meta, 'title');
  test(`${block.file}:${block.line}${title ? ` (${title})` : ''} validates`, () => {
    assert.equal(block.lang, 'json', `${block.file}:${block.line}: use \`\`\`json (not ${block.lang}) for messages`);
    const name = metaValue(block.meta, 'schema');
    assert.ok(name, `${block.file}:${block.line}: JSON block without schema="<ComponentName>" meta; every JSON example must name the schema it follows`);
    const schema = schemas[name];
    assert.ok(schema, `${block.file}:${block.line}: schema="${name}" is not a component schema of specs/ (known: ${Object.keys(schemas).join(', ')})`);
    let message;
    try {
      message = JSON.parse(block.code);
    } catch (error) {
      assert.fail(`${block.file}:${parseErrorLocation(block)}: invalid JSON: ${error.message}`);
    }
    if (!schema.validate(message)) {
      assert.fail(`${block.file}:${block.line}: example does not match ${name} (specs/${schema.file}):\n  ${formatErrors(schema.validate.errors).join('\n  ')}`);
    }
  });
}
