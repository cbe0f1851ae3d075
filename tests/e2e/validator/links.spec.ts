import type {Page} from '@playwright/test';
import {test, expect} from '../fixtures';
import {errors, failOnPageProblems, input, lineOf, open, validate} from '../validator-page';
import {examples} from '../../../generated/validator/examples.mjs';

// Where an error of the validator (/docs/validator) takes the reader: its link to the field's entry in the message
// dictionary, for an XML message as for a JSON one, and its "line N" button, to the line in the input, in view. One
// page load for all of it (a load starts the validator's worker), each behaviour a step.

failOnPageProblems();

// Each test does the work of several former ones, each of which had a minute: three minutes for all of it on a busy
// 2-core machine.
test.describe.configure({timeout: 180_000});

const timecard = examples.find((e) => e.type === 'Timecard' && e.xml)!;

/** Where line `line` of the input is, in the input's box and on the screen (lines never wrap in it). */
async function linePlace(page: Page, line: number) {
  return input(page).evaluate((area: HTMLTextAreaElement, n) => {
    const style = getComputedStyle(area);
    const lineHeight = parseFloat(style.lineHeight);
    const inBox = parseFloat(style.paddingTop) + (n - 1) * lineHeight - area.scrollTop;
    const box = area.getBoundingClientRect();
    return {inBox, lineHeight, boxHeight: area.clientHeight, onScreen: box.top + area.clientTop + inBox, viewport: window.innerHeight};
  }, line);
}

/** The "line N" button of an error far down a long message in `form`: it focuses the input, the line in view. */
async function lineButtonBringsTheLineIntoView(page: Page, form: 'JSON' | 'XML') {
  // Forty time intervals (about a thousand lines); the last one's id lacks its schemeAgencyId.
  const json = JSON.parse(timecard.text);
  const interval = json.timeInterval[0];
  json.timeInterval = Array.from({length: 40}, (_, i) => ({
    ...structuredClone(interval),
    id: {value: String(i + 1), schemeAgencyId: 'Customer'},
  }));
  delete json.timeInterval[39].id.schemeAgencyId;
  let text = JSON.stringify(json, null, 2);
  let needle = '"value": "40"';
  if (form === 'XML') {
    const one = /<timeInterval>[\s\S]*?<\/timeInterval>/.exec(timecard.xml!)![0];
    const many = Array.from({length: 40}, (_, i) => one.replace(/<id>\s*<value>[^<]*<\/value>/, `<id>\n      <value>${i + 1}</value>`));
    many[39] = many[39].replace(/\s*<schemeAgencyId>[^<]*<\/schemeAgencyId>/, '');
    text = timecard.xml!.replace(/(\s*<timeInterval>[\s\S]*<\/timeInterval>)/, `\n  ${many.join('\n  ')}`);
    needle = '<value>40</value>';
  }
  expect(text.split('\n').length).toBeGreaterThan(500);

  await validate(page, text);
  const error = errors(page).filter({hasText: /timeInterval(\/39|\[40\])\/id\/schemeAgencyId/});
  await expect(error).toHaveCount(1);
  const line = Number(await error.getAttribute('data-line'));
  expect(Math.abs(line - lineOf(text, needle))).toBeLessThanOrEqual(1);
  // The input shows its first lines; the reader is down at the error list, with only the input's last lines on the
  // screen (focusing the input then scrolls nothing by itself).
  await input(page).evaluate((area: HTMLTextAreaElement) => {
    area.scrollTop = 0;
    window.scrollBy({top: area.getBoundingClientRect().bottom - 60, behavior: 'instant'});
  });
  const button = error.getByRole('button', {name: /^Go to line/});
  await expect(button).toBeInViewport();
  await button.click();

  await expect(input(page)).toBeFocused();
  const caretLine = await input(page).evaluate((area: HTMLTextAreaElement) => area.value.slice(0, area.selectionStart).split('\n').length);
  expect(caretLine).toBe(line);
  // The line is inside the input's visible box, and that part of the box on the screen (the page may scroll smoothly).
  await expect
    .poll(async () => {
      const at = await linePlace(page, line);
      const inBox = at.inBox >= 0 && at.inBox + at.lineHeight <= at.boxHeight;
      const onScreen = at.onScreen >= 0 && at.onScreen + at.lineHeight <= at.viewport;
      return inBox && onScreen;
    })
    .toBe(true);
}

test("where an error takes the reader: the field's entry, the line in the input", async ({page}) => {
  await open(page);
  for (const form of ['JSON', 'XML'] as const) {
    await test.step(`"line N" of an error far down a long ${form} message focuses the input and brings the line into view`, () =>
      lineButtonBringsTheLineIntoView(page, form));
  }
  // Last: the link leaves the validator.
  await test.step('an XML error links the entry of its field, with its anchor, as the JSON form of the same fault does', async () => {
    // The second time interval's id without its schemeAgencyId.
    const xml = timecard.xml!.replace(
      /(<timeInterval>[\s\S]*?<\/timeInterval>\s*<timeInterval>\s*<id>\s*<value>[^<]*<\/value>)\s*<schemeAgencyId>[^<]*<\/schemeAgencyId>/,
      '$1',
    );
    expect(xml).not.toBe(timecard.xml);
    const json = JSON.parse(timecard.text);
    delete json.timeInterval[1].id.schemeAgencyId;
    const anchor = '/docs/messages/purchase-to-pay/2.0/Timecard#timeInterval[].id.schemeAgencyId';

    await validate(page, JSON.stringify(json, null, 2));
    await expect(errors(page).getByTestId('field-link')).toHaveAttribute('href', anchor);

    await validate(page, xml);
    const error = errors(page).filter({hasText: '/Timecard/timeInterval[2]/id/schemeAgencyId'});
    await expect(error).toHaveAttribute('data-rule', 'required');
    const link = error.getByTestId('field-link');
    await expect(link).toHaveAttribute('href', anchor);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/docs/messages/purchase-to-pay/2.0/Timecard');
    await expect(page.locator(`[id="${anchor.split('#')[1]}"]`)).toBeInViewport();
  });
});
