import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {Page, Locator, Response} from '@playwright/test';
import * as cheerio from 'cheerio';
import {test, expect} from '../fixtures';
import {errors, failOnPageProblems, input, lineOf, open, paste, result, validate} from '../validator-page';
import {hydrated, inColourMode} from '../pages';

// The message validator at /docs/validator: verdicts with paths, rules and lines; detection; the
// examples; bad input that never breaks the page; persistence; keyboard use; contrast in both
// colour modes; a CSP without 'unsafe-eval'; and content pages that do not load its code.
//
// A page load that starts the validator's worker costs more than most of the checks, so each test opens the page once
// and checks one behaviour after another in it, each a step named for what it proves. A check replaces the verdict
// before it, so a step depends on an earlier one only where it says so.

const specsDir = path.resolve(__dirname, '../../../specs');
const p2p = JSON.parse(fs.readFileSync(path.join(specsDir, 'purchase-to-pay.json'), 'utf8'));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests change the spec's example field by field
const order = (): any => structuredClone(p2p.components.examples.Order.value);
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

async function expectError(page: Page, pointer: string, rule: string): Promise<Locator> {
  const item = errors(page).filter({has: page.locator(`code:text-is("${pointer}")`)});
  await expect(item.first(), `an error at ${pointer}`).toBeVisible();
  await expect(item.first()).toHaveAttribute('data-rule', rule);
  return item.first();
}

const pageProblems = failOnPageProblems();

// Each test does the work of several former ones, each of which had a minute: three minutes for all of it on a busy
// 2-core machine.
test.describe.configure({timeout: 180_000});

test('verdicts: paths, rules, lines and detection, in one page', async ({page, request}) => {
  await test.step('without JavaScript the controls are disabled and the page says why', async () => {
    // What a browser without JavaScript shows is the server's HTML: read it as such (<noscript> parsed as elements).
    const $ = cheerio.load(await (await request.get('/docs/validator')).text(), {scriptingEnabled: false});
    expect($('noscript > p').text()).toBe('The validator runs in your browser and needs JavaScript, which is off.');
    // A disabled fieldset disables every control in it but those in its own legend, which it has none of.
    const controls = $('fieldset[disabled]');
    expect(controls).toHaveLength(1);
    expect(controls.children('legend')).toHaveLength(0);
    expect(controls.find('select[data-testid="message-type"]')).toHaveLength(1);
    expect(controls.find('button').filter((_, b) => $(b).text().trim() === 'Validate')).toHaveLength(1);
    expect(controls.find('textarea')).toHaveLength(1);
    expect($('textarea').length, 'the only message input').toBe(1);
  });

  await open(page);

  await test.step('the page has its title, labelled controls and automatic detection by default', async () => {
    await expect(page).toHaveTitle('Message validator | SETU');
    await expect(page.getByRole('heading', {level: 1, name: 'Message validator'})).toBeVisible();
    await expect(input(page)).toBeVisible();
    const select = page.getByLabel('Message type');
    await expect(select).toHaveAttribute('data-testid', 'message-type');
    await expect(select).toHaveValue('auto');
    await expect(page.locator('nav.navbar').getByRole('link', {name: 'Validator'})).toHaveAttribute('href', '/docs/validator');
  });

  await test.step('"Validate in your pipeline": the command, its version and SHA-256 as the build publishes them, and the workflow', async () => {
    // Every file SHA256SUMS lists is served with that SHA-256; the versioned and the moving name are the same bytes.
    const sums = await request.get('/docs/tools/SHA256SUMS');
    expect(sums.ok()).toBe(true);
    expect(sums.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const listed = new Map(
      (await sums.text())
        .trimEnd()
        .split('\n')
        .map((line) => {
          const [, sum, name] = line.match(/^([0-9a-f]{64}) {2}(\S+)$/) ?? [];
          expect(name, line).toBeTruthy();
          return [name, sum] as const;
        }),
    );
    for (const [name, sum] of listed) {
      const file = await request.get(`/docs/tools/${name}`);
      expect(file.ok(), name).toBe(true);
      expect(
        createHash('sha256')
          .update(await file.body())
          .digest('hex'),
        name,
      ).toBe(sum);
    }
    const version = [...listed.keys()]
      .find((name) => /^setu-validate-\d+\.\d+\.\d+\.mjs$/.test(name))!
      .slice('setu-validate-'.length, -'.mjs'.length);
    expect(listed.get(`setu-validate-${version}.mjs`)).toBe(listed.get('setu-validate.mjs'));
    const sha256 = listed.get('setu-validate.mjs')!;

    const section = page.getByRole('region', {name: 'Validate in your pipeline'});
    // To check a server rather than messages: the conformance kit.
    await expect(section.getByRole('link', {name: 'conformance kit'})).toHaveAttribute('href', '/docs/conformance');
    await expect(section.getByRole('link', {name: 'setu-validate.mjs', exact: true})).toHaveAttribute(
      'href',
      '/docs/tools/setu-validate.mjs',
    );
    await expect(section.getByRole('link', {name: `setu-validate-${version}.mjs`})).toHaveAttribute(
      'href',
      `/docs/tools/setu-validate-${version}.mjs`,
    );
    await expect(section.getByRole('link', {name: 'SHA256SUMS'})).toHaveAttribute('href', '/docs/tools/SHA256SUMS');
    await expect(section.getByTestId('command-version')).toHaveText(version);
    await expect(section.getByTestId('command-sha256')).toHaveText(sha256);
    await expect(section.getByTestId('command-changelog').getByRole('listitem').first()).toHaveText(
      /^\d+\.\d+\.\d+ \(\d{4}-\d{2}-\d{2}\): \S/,
    );
    // The workflow as the page shows it pins that version and checksum (tests/unit/validator/published-commands.test.mjs runs it).
    const workflow = section.getByTestId('github-actions-workflow');
    await expect(workflow).toContainText(`SETU_VALIDATE_VERSION: ${version}\n`);
    await expect(workflow).toContainText(`SETU_VALIDATE_SHA256: ${sha256}\n`);
    await expect(workflow).toContainText('"https://setu-standards.github.io/docs/tools/setu-validate-${SETU_VALIDATE_VERSION}.mjs"');
    await expect(workflow).toContainText('echo "${SETU_VALIDATE_SHA256}  setu-validate.mjs" | sha256sum --check --strict');
    const file = await request.get('/docs/tools/setu-validate.mjs');
    expect(await file.text()).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  await test.step('the result is announced in a status region', async () => {
    const status = result(page).getByRole('status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await validate(page, pretty(order()));
    await expect(status).toContainText('Valid');
  });

  await test.step('a valid order is valid, detected as StaffingOrder (Order) with the reason', async () => {
    await validate(page, pretty(order()));
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    await expect(page.getByRole('status')).toContainText('Valid');
    await expect(page.getByTestId('detected-type')).toContainText('StaffingOrder (Order)');
    await expect(page.getByTestId('detected-type')).toContainText('orderType');
    await expect(errors(page)).toHaveCount(0);
  });

  await test.step('a missing required field: its path, the rule and the line of its object', async () => {
    const message = order();
    delete message.customer.personContacts[0].name;
    const text = pretty(message);
    await validate(page, text);
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    const error = await expectError(page, '/customer/personContacts/0/name', 'required');
    await expect(error).toContainText('name');
    await expect(error).toHaveAttribute('data-line', String(lineOf(text, '"personContacts"') + 1));
  });

  await test.step('an unknown property: its name, path, line and a suggestion', async () => {
    const message = order();
    message.customer.personContact = [];
    const text = pretty(message);
    await validate(page, text);
    const error = await expectError(page, '/customer/personContact', 'unknown property');
    await expect(error).toContainText('Did you mean "personContacts"?');
    await expect(error).toHaveAttribute('data-line', String(lineOf(text, '"personContact":')));
  });

  await test.step('a value outside the enum names the allowed values', async () => {
    const message = order();
    message.documentId.schemeAgencyId = 'Klant';
    const text = pretty(message);
    await validate(page, text);
    const error = await expectError(page, '/documentId/schemeAgencyId', 'enum');
    await expect(error).toContainText('"Customer", "Supplier"');
    await expect(error).toContainText('"Klant"');
    await expect(error).toHaveAttribute('data-line', String(lineOf(text, '"Klant"')));
  });

  await test.step('too many ids breaks maxItems', async () => {
    const message = order();
    message.customer.id = [message.customer.id[0], {value: 'X-2', schemeAgencyId: 'Customer'}, {value: 'X-3', schemeAgencyId: 'Supplier'}];
    await validate(page, pretty(message));
    const error = await expectError(page, '/customer/id', 'maxItems');
    await expect(error).toContainText('At most 2');
  });

  await test.step('a bad date breaks the format rule; a wrong type is named', async () => {
    const message = order();
    message.positionProfile.positionPeriod.start = '2025-13-45';
    message.payRates[0].toBeBilled = 'yes';
    await validate(page, pretty(message));
    const date = await expectError(page, '/positionProfile/positionPeriod/start', 'format');
    await expect(date).toContainText('YYYY-MM-DD');
    await expectError(page, '/payRates/0/toBeBilled', 'type');
    await expect(page.getByRole('status')).toContainText('2 errors');
  });

  await test.step('"line N" moves the caret to the error in the input', async () => {
    const message = order();
    message.documentId.schemeAgencyId = 'Klant';
    const text = pretty(message);
    await validate(page, text);
    await page.getByRole('button', {name: /^Go to line \d+, column \d+ \(\/documentId\/schemeAgencyId\)$/}).click();
    await expect(input(page)).toBeFocused();
    const caretLine = await input(page).evaluate((el: HTMLTextAreaElement) => el.value.slice(0, el.selectionStart).split('\n').length);
    expect(caretLine).toBe(lineOf(text, '"Klant"'));
  });

  await test.step('a list of messages is checked item by item', async () => {
    const second = order();
    delete second.orderType;
    await validate(page, pretty([order(), second]));
    await expectError(page, '/1/orderType', 'required');
  });
});

test('message types: the examples, the type select and both Inquiry Pay Equity versions', async ({page}) => {
  await open(page);
  const select = page.getByTestId('message-type');

  await test.step('every example button loads a valid example of its type', async () => {
    const buttons = page.getByTestId('load-example');
    // Each button's type and labels, read at once (a round trip per button costs more than its check).
    const examples = await buttons.evaluateAll((bs) =>
      bs.map((b) => ({type: b.dataset.type!, label: b.textContent!, title: b.getAttribute('title')!})),
    );
    expect(examples.length).toBeGreaterThanOrEqual(21);
    const seen = new Set<string>();
    for (const [i, {type, label, title}] of examples.entries()) {
      seen.add(type);
      await buttons.nth(i).click();
      // This example's verdict, not the one before it: the note that it was loaded comes with its check.
      await expect(page.getByText(`Loaded the example “${title}” (${type}`)).toBeVisible();
      await expect(result(page), `example ${label}`).toHaveAttribute('data-valid', 'true');
      // A oneOf line type is detected as the form the example has, e.g. RequestedPeriodicPlanningLine.
      const detected = page.getByTestId('detected-type');
      if (!type.endsWith('Line') || /(Periodic|Single)/.test(type)) await expect(detected).toContainText(`Detected as ${type}`);
      expect(await input(page).inputValue()).toContain('{');
    }
    for (const type of [
      'InquiryPayEquity 2.0',
      'InquiryPayEquity 1.0',
      'PlanningRequest 2.0',
      'PlanningAssignment 2.0',
      'PlanningConstraints 2.0',
      'PlanningRequest 1.0',
      'PlanningAssignment 1.0',
      'PlanningConstraints 1.0',
      'StaffingOrder',
      'HumanResource',
      'Assignment',
      'Timecard',
      'TimeInterval',
      'Allowance',
      'Attachment',
    ]) {
      expect(seen, `an example of ${type}`).toContain(type);
    }
    await expect(page.getByTestId('load-example').filter({hasText: 'StaffingOrder (RFQ)'})).toHaveCount(1);
  });

  await test.step('the type select forces a type and offers every message type', async () => {
    const options = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    for (const type of [
      'auto',
      'InquiryPayEquity 2.0',
      'InquiryPayEquity 1.0',
      'PlanningRequest 2.0',
      'PlanningAssignment 2.0',
      'PlanningConstraints 2.0',
      'PlanningRequest 1.0',
      'PlanningRequestLine',
      'RequestedPeriodicPlanningLine',
      'RequestedSinglePlanningLine',
      'PlanningAssignment 1.0',
      'PlanningAssignmentLine',
      'PlanningConstraints 1.0',
      'PlanningConstraintsLine',
      'StaffingOrder',
      'HumanResource',
      'Assignment',
      'Timecard',
      'TimeInterval',
      'Allowance',
      'Attachment',
    ]) {
      expect(options).toContain(type);
    }
    await validate(page, pretty(order()));
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    await select.selectOption('Timecard');
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(result(page)).toContainText(
      /It looks more like StaffingOrder .*Choose “Detect automatically” or StaffingOrder to check it as such./,
    );
    await expectError(page, '/period', 'required');
    await select.selectOption('StaffingOrder');
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('detected-type')).toContainText('as chosen');
    await select.selectOption('auto');
    await expect(page.getByTestId('detected-type')).toContainText('Detected as StaffingOrder (Order)');
  });

  await test.step('Inquiry Pay Equity 2.0 and 1.0 are both offered, detected apart, and each judged by its own schema', async () => {
    const payEquity = (file: string, example: string) =>
      pretty(JSON.parse(fs.readFileSync(path.join(specsDir, file), 'utf8')).components.examples[example].value);
    await expect(select.locator('optgroup[label="Inquiry Pay Equity"] option')).toHaveText([
      'InquiryPayEquity 2.0',
      'InquiryPayEquity 1.0',
    ]);
    await validate(page, payEquity('gelijkwaardige-beloning-2.0.json', 'InquiryPayEquityFull'));
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    const detected = page.getByTestId('detected-type');
    await expect(detected).toContainText('Detected as InquiryPayEquity 2.0');
    await expect(detected).toContainText('which InquiryPayEquity 1.0 requires');
    // Valid, but only under our repairs of SETU's published schema: each is named, with a link to the list of repairs.
    const repairNote = page.getByTestId('validation-note').filter({hasText: 'Valid only under our repair of Single.date'});
    await expect(repairNote).toHaveAttribute('data-repair', /\/components\/schemas\/Single\/properties\/date\/format/);
    await expect(repairNote.getByRole('link', {name: 'Our repairs of the published specification'})).toHaveAttribute(
      'href',
      '/docs/api/oas-gelijkwaardige-beloning#v2-deviations',
    );
    await expect(page.getByTestId('business-rules')).toHaveText('Business rules: none published for InquiryPayEquity 2.0.');
    await select.selectOption('InquiryPayEquity 1.0');
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(result(page)).toContainText('It looks more like InquiryPayEquity 2.0');
    await select.selectOption('auto');
    await validate(page, payEquity('gelijkwaardige-beloning.json', 'InquiryPayEquityFull'));
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    await expect(detected).toContainText('Detected as InquiryPayEquity 1.0');
  });
});

test('bad input never breaks the page', async ({page}) => {
  async function alive() {
    // The page still answers: the input takes text and a check still gives a verdict.
    expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
    await validate(page, '{"orderType": "Order"}');
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expectError(page, '/documentId', 'required');
  }
  await open(page);

  await test.step('invalid JSON: the parse error with its line and column, and the input kept', async () => {
    const text = '{\n  "documentId": {"value": "1", "schemeAgencyId": "Customer"}\n  "orderType": "Order"\n}';
    await validate(page, text);
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(result(page)).toHaveAttribute('data-status', 'syntax');
    await expect(page.getByRole('status')).toContainText('Not valid JSON, line 3, column 3');
    await expect(page.getByRole('status')).toContainText('comma');
    await expect(input(page)).toHaveValue(text);
    await page.getByRole('button', {name: 'Go to line 3, column 3'}).click();
    await expect(input(page)).toBeFocused();
    await alive();
  });

  await test.step('empty input', async () => {
    await validate(page, '   \n ');
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(page.getByRole('status')).toContainText('Nothing to check');
    await alive();
  });

  // That the worker checked the message, not the page, is what the result says ("in a background thread": the
  // client's runner, which is the page only where the worker could not start); the size does not prove it. 256 KB
  // (a timecard of ~400 intervals) is a large message all the same, at a tenth of the 2 MB this test took 25 s on.
  // The engine's time on 5 MB is the bench's (npm run bench), its bounds on hostile input the unit tests'
  // (tests/unit/robustness.test.mjs).
  await test.step('a 256 KB message opened from a file is checked off the main thread', async () => {
    const timecard = structuredClone(p2p.components.examples.Timecard.value);
    const line = timecard.timeInterval[0];
    const lines = [];
    let size = 0;
    for (let i = 0; size < 256 * 1024; i++) {
      const copy = structuredClone(line);
      copy.id.value = `line-${i}`;
      lines.push(copy);
      size += JSON.stringify(copy).length + 8;
    }
    timecard.timeInterval = lines;
    const text = JSON.stringify(timecard, null, 1);
    expect(text.length).toBeGreaterThan(256 * 1024);
    await page
      .getByTestId('message-file')
      .setInputFiles({name: 'big-timecard.json', mimeType: 'application/json', buffer: Buffer.from(text)});
    // The main thread stays free while the worker checks: the page still renders frames.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    await expect(result(page)).toHaveAttribute('data-valid', 'true', {timeout: 30_000});
    await expect(result(page)).toContainText('background thread');
    await expect(page.getByText(/Opened big-timecard\.json/)).toBeVisible();
    expect((await input(page).inputValue()).length).toBe(text.length);
    await alive();
  });

  await test.step('10,000 levels of nesting', async () => {
    await validate(page, `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(page.getByRole('status')).toContainText('Not a SETU message');
    const deep = `{"orderType": "Order", "comments": ${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    await validate(page, deep);
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(page.getByTestId('detected-type')).toContainText('StaffingOrder');
    await alive();
  });

  await test.step('__proto__ and constructor keys pollute nothing', async () => {
    const message = order();
    const text = pretty(message).replace(
      /^\{/,
      '{\n  "__proto__": {"polluted": "yes"},\n  "constructor": {"prototype": {"polluted": "yes"}},',
    );
    await validate(page, text);
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expectError(page, '/__proto__', 'unknown property');
    await expectError(page, '/constructor', 'unknown property');
    expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
    await validate(page, '{"__proto__": {"polluted": 1}}');
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await alive();
  });

  await test.step('binary garbage, pasted or opened from a file', async () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
    await page.getByTestId('message-file').setInputFiles({name: 'photo.jpg', mimeType: 'image/jpeg', buffer: bytes});
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(result(page)).toHaveAttribute('data-status', 'binary');
    await expect(page.getByRole('status')).toContainText('not JSON text');
    await validate(page, '\u0001\u0002garbage\u0000\u00ff');
    await expect(result(page)).toHaveAttribute('data-status', 'binary');
    await alive();
  });
});

/** The texts in the validator's part of the page whose contrast with their background is below 4.5:1. */
function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el: Element | null): number[] => {
      for (; el; el = el.parentElement) {
        const c = rgb(getComputedStyle(el).backgroundColor);
        if (c.length >= 3 && (c.length === 3 || c[3] > 0.5)) return c;
      }
      return [255, 255, 255];
    };
    const root = document.querySelector('main')!;
    const selector = 'label, p, code, strong, button, select, textarea, li, span';
    const failures: string[] = [];
    for (const el of Array.from(root.querySelectorAll(selector))) {
      const text = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent!.trim());
      if (!text || (el as HTMLElement).offsetParent === null) continue;
      const fg = lum(rgb(getComputedStyle(el).color));
      const bg = lum(background(el));
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      if (ratio < 4.5) failures.push(`${el.tagName} "${el.textContent!.trim().slice(0, 30)}": ${ratio.toFixed(2)}`);
    }
    return failures;
  });
}

test('persistence, keyboard and accessibility', async ({page}) => {
  await open(page);

  await test.step('keyboard only: choose a type, type a message, check it, jump to the error', async () => {
    const select = page.getByTestId('message-type');
    await select.focus();
    await expect(select).toBeFocused();
    const outline = await select.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Tab'); // Open file…
    await expect(page.getByRole('button', {name: 'Open file…'})).toBeFocused();
    // Tab through the example buttons to the input.
    for (let i = 0; i < 40 && !(await input(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(input(page)).toBeFocused();
    // The text as the keyboard enters it, in one input event: typed key by key, each key re-renders the validator
    // (its caret and check-as-you-type), ten seconds for these 80 characters on a busy 2-core machine.
    await page.keyboard.insertText('{"orderType": "Order",\n "documentId": {"value": "1", "schemeAgencyId": "Klant"}}');
    await page.keyboard.press('Control+Enter');
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expectError(page, '/documentId/schemeAgencyId', 'enum');
    // Tab on to the error's "line" button and use it.
    const lineButton = page.getByRole('button', {name: /\(\/documentId\/schemeAgencyId\)$/});
    for (let i = 0; i < 20 && !(await lineButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(lineButton).toBeFocused();
    expect(await lineButton.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(input(page)).toBeFocused();
    const caretLine = await input(page).evaluate((el: HTMLTextAreaElement) => el.value.slice(0, el.selectionStart).split('\n').length);
    expect(caretLine).toBe(2);
  });

  // Both colour modes on one verdict: the site follows the system's colour scheme while the reader has not chosen one.
  const message = order();
  message.documentId.schemeAgencyId = 'Klant';
  for (const mode of ['light', 'dark'] as const) {
    await test.step(`text in the validator has AA contrast in ${mode} mode`, async () => {
      await inColourMode(page, mode);
      if (mode === 'light') await validate(page, pretty(message));
      await expect(errors(page).first()).toBeVisible();
      expect(await lowContrast(page)).toEqual([]);
    });
  }

  await test.step('the input and the chosen type survive a reload', async () => {
    const text = pretty(order()).replace('"Order"', '"Ordre"');
    await paste(page, text);
    await page.getByTestId('message-type').selectOption('StaffingOrder');
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expectError(page, '/orderType', 'enum');
    await page.reload();
    await expect(input(page)).toHaveValue(text);
    await expect(page.getByTestId('message-type')).toHaveValue('StaffingOrder');
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expectError(page, '/orderType', 'enum');
  });
});

test('security and weight', async ({page, request}) => {
  await test.step('content pages do not load the validator code', async () => {
    // The scripts' text is fetched again by URL: one served from the browser's cache (the tab is shared between
    // tests) has no body to read.
    const scripts = new Set<string>();
    const onResponse = (response: Response) => {
      if (response.url().endsWith('.js')) scripts.add(response.url());
    };
    page.on('response', onResponse);
    await page.goto('/docs/');
    // The scripts start after the first paint (src/ssr-template.ts): on a busy machine the network can be idle before.
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const bodies = await Promise.all([...scripts].map(async (url) => (await request.get(url)).text()));
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((b) => b.includes('fullFormats'))).toEqual([]);
  });

  await test.step('works under a Content-Security-Policy without unsafe-eval', async () => {
    // The policy on the page and on every script, so that it binds the worker too (a worker takes its policy from its script).
    const policy =
      "default-src 'self'; script-src 'self' 'unsafe-inline'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";
    await page.route(/\/docs\/(validator$|assets\/js\/)/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({response, headers: {...response.headers(), 'content-security-policy': policy}});
    });
    const response = await page.goto('/docs/validator');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    await expect(page.getByTestId('message-type')).toBeEnabled();
    // Violations are collected from here on (a listener added now, not an init script, which would use up the tab).
    await page.evaluate(() => {
      (window as unknown as {violations: string[]}).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as {violations: string[]}).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    // Probe: code compiled from a string by the page itself is refused (the policy is in force).
    await page.evaluate(() => setTimeout('window.evalRan = true' as unknown as () => void, 0));
    await expect.poll(() => page.evaluate(() => (window as unknown as {violations: string[]}).violations.join())).toContain('script-src');
    expect(await page.evaluate(() => (window as unknown as {evalRan?: boolean}).evalRan)).toBeUndefined();
    pageProblems.passOver(/unsafe-eval|Content Security Policy/i); // the probe's own report
    await page.evaluate(() => ((window as unknown as {violations: string[]}).violations = []));
    const message = order();
    delete message.orderType;
    await validate(page, pretty(message));
    await expectError(page, '/orderType', 'required');
    await expect(result(page)).toContainText('background thread');
    expect(pageProblems.seen()).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as {violations: string[]}).violations)).toEqual([]);
    // Linked pages are prefetched as their links come into view; their requests may still be in the route handler
    // when the test ends.
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });
});
