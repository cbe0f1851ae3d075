import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';

// What the browser tests of the message validator (/docs/validator) share: its controls, opening it, checking a
// text, and the rule that no test may end with a console error or an uncaught exception.

export const input = (page: Page) => page.getByRole('textbox', {name: 'JSON message'});
export const result = (page: Page) => page.getByTestId('validation-result');
export const errors = (page: Page) => page.getByTestId('validation-error');

/** 1-based line of the first line of `text` containing `needle`. */
export const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** Opens the validator and waits until its controls work (they are disabled until the page is live). */
export async function open(page: Page) {
  await page.goto('/docs/validator');
  await expect(page.getByTestId('message-type')).toBeEnabled();
}

/**
 * Puts `text` into the input as a paste does: the whole text at once, one input event. (Playwright's `fill` types it
 * through the browser's editing commands, which took 5 s for a 5 KB message and 12 s for a thousand lines on a busy
 * 2-core machine; `fill` over a 2 MB text took 30 s.)
 */
export async function paste(page: Page, text: string) {
  await expect(input(page)).toBeEditable();
  await input(page).evaluate((area: HTMLTextAreaElement, value) => {
    area.focus();
    area.value = value;
    area.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));
  }, text);
}

/** Puts `text` into the input and checks it with the Validate button. */
export async function validate(page: Page, text: string) {
  await paste(page, text);
  await page.getByRole('button', {name: 'Validate', exact: true}).click();
  await expect(result(page)).toHaveAttribute('data-valid', /true|false/);
}

/** Loads the example whose button reads exactly `label`, in `form` (JSON or XML) where given. */
export async function loadExample(page: Page, label: string, form?: 'json' | 'xml') {
  if (form) await page.getByTestId(`example-form-${form}`).check();
  await page
    .getByTestId('load-example')
    .and(page.getByText(label, {exact: true}))
    .click();
}

/**
 * Makes every test of the calling file fail on a console error or an uncaught exception. Returns what the current
 * test has seen so far, and a way to pass over problems a test causes on purpose.
 */
export function failOnPageProblems() {
  let problems: string[] = [];
  test.beforeEach(async ({page}) => {
    problems = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  });
  test.afterEach(() => {
    expect(problems, 'console errors or uncaught exceptions').toEqual([]);
  });
  return {
    seen: () => problems,
    passOver: (expected: RegExp) => {
      problems = problems.filter((p) => !expected.test(p));
    },
  };
}
