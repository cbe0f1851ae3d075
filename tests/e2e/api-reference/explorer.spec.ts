import type {Page, Route} from '@playwright/test';
import {test, expect} from '../fixtures';
import AxeBuilder from '@axe-core/playwright';
import {hydrated, inColourMode} from '../pages';
import {execFileSync} from 'node:child_process';

// The API explorer of an operation page (src/plugins/api-reference/): Send API Request answers from the site's sandbox
// (its worker is started by the Send click, not by the page), and the request samples carry one Content-Type, the
// chosen body's, with the spec's named example as the body, and the Accept the form's control chooses. The answer
// panel shows a refusal whole, with each error linked to the message dictionary, and an answer without a body as such.
// The sandbox's handlers are tested in tests/unit/sandbox/handlers.test.mjs, its worker in tests/e2e/sandbox/sandbox.spec.ts.

// One test, one load of the operation page, each behaviour a step: an operation page is the heaviest page of the site
// to load, and the explorer's state carries from one step to the next where a step says so.

// The first Send starts a service worker that evaluates ~1 MB of validator code: slow on a busy 2-core machine. Each of
// the three tests this one replaces had three minutes; four for all of it.
test.describe.configure({timeout: 240_000});

/** Opens an operation page with its request samples shown. */
async function openSamples(page: Page, route: string) {
  await page.goto(route);
  await hydrated(page);
  const show = page.getByRole('button', {name: 'Show request samples'});
  // Once shown, later pages open the samples at once (remembered in localStorage).
  if (await show.isVisible()) await show.click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 30_000});
}

/**
 * axe's WCAG 2.1 AA violations in the explorer's panel and the endpoint line (run in the page, which has no frames), or
 * in the parts `only` names: a large request body makes axe slow over the whole panel (8 s for create-order).
 */
async function panelViolations(page: Page, only?: string) {
  const {violations} = await (
    only
      ? new AxeBuilder({page}).include(only)
      : new AxeBuilder({page}).include('.openapi-right-panel__container').include('.openapi__method-endpoint')
  )
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({resultTypes: ['violations']})
    .setLegacyMode(true)
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The explorer's answer panel, with what the site adds below it (theme/ApiExplorer/Response). */
const answer = (page: Page) => page.locator('.openapi-explorer__response-container');

/** How the body of the answer sits in the panel: wider or taller than its box, the lines wrapped, sideways scroll. */
function answerLayout(page: Page) {
  return page.evaluate(() => {
    const block = document.querySelector('.openapi-response__status-code pre, pre.openapi-response__status-code')!;
    const code = block.querySelector('code')!;
    return {
      hiddenRight: Math.max(block.scrollWidth - block.clientWidth, code.scrollWidth - code.clientWidth),
      hiddenBelow: Math.max(block.scrollHeight - block.clientHeight, code.scrollHeight - code.clientHeight),
      whiteSpace: getComputedStyle(code).whiteSpace,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

/** The code of the request sample in the chosen language tab. */
const sample = (page: Page) => page.locator('.openapi-tabs__code-container-inner:not([hidden]) .openapi-explorer__code-block code').first();

/** Where the parts of the explorer's panel are: its language tabs, the code's buttons, scroll areas, sideways scroll. */
function panelLayout(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element) => e.getBoundingClientRect();
    const container = document.querySelector('.openapi-tabs__code-container')!;
    const tabs = Array.from(container.querySelectorAll('.openapi-tabs__code-list-container')[0].children);
    const outside = tabs.filter((t) => box(t).right > box(container).right + 1 || box(t).left < box(container).left - 1);
    const code = container.querySelector('.openapi-tabs__code-container-inner:not([hidden]) .openapi-explorer__code-block-content')!;
    const buttons = code.querySelector('.openapi-explorer__code-block-btn-group')!;
    const firstLine = code.querySelector('code .token-line, code > span')!;
    const scrolls = (e: Element) => /(auto|scroll)/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 2;
    const panel = document.querySelector('.openapi-right-panel__container')!;
    // A scroll area inside another one (the page's own scrolling aside).
    const nested = [panel, ...Array.from(panel.querySelectorAll('*'))].filter(
      (e) => scrolls(e) && Array.from(e.querySelectorAll('*')).some((inner) => scrolls(inner)),
    );
    return {
      tabs: tabs.length,
      outside: outside.map((t) => t.textContent),
      buttonsBottom: box(buttons).bottom,
      firstLineTop: box(firstLine).top,
      nested: nested.map((e) => e.className.toString()),
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

test('the explorer of create-timecard: where Send goes, the panel in both modes and widths, Send, the samples; get-timecard reads back', async ({
  page,
}) => {
  const failed = page.locator('.openapi-right-panel__container [data-section-failed]');
  const sidebarLink = (operation: string) => page.locator(`.theme-doc-sidebar-container a.menu__link[href="/docs/api/p2p/${operation}"]`);
  const heading = page.locator('main h1').first();
  await test.step('samples that failed to load on an operation page load when the reader comes back to it, in the same visit', async () => {
    // Nothing remembered (a new tab): no page opens its samples by itself, and none of their code has loaded.
    await page.goto('/docs/api/p2p/create-timecard');
    await hydrated(page);
    // get-timecard's page code loads, its samples do not.
    await sidebarLink('get-timecard').click();
    await expect(heading).toHaveText('Read a timecard');
    await page.goBack();
    await expect(heading).toHaveText('Create a timecard');
    // As offline for a moment: the samples' code and the operation's data cannot be fetched.
    await page.route(/\/docs\/assets\/.*\.(js|json)$/, (route) => route.abort());
    await page.goForward();
    await page.getByRole('button', {name: 'Show request samples'}).click();
    await expect(failed).toContainText('The request samples could not be shown');
    await expect(heading).toHaveText('Read a timecard');
    await page.unrouteAll();
    // Back: the samples are remembered open now, and create-timecard's load; forward: get-timecard's load anew, with
    // no "Try again".
    await page.goBack();
    await expect(heading).toHaveText('Create a timecard');
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 30_000});
    await expect(failed).toHaveCount(0);
    await page.goForward();
    await expect(heading).toHaveText('Read a timecard');
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 30_000});
    await expect(failed).toHaveCount(0);
  });

  await test.step('samples whose operation failed to load after the reader left its page load when the reader comes back', async () => {
    // The operation's data is held while the samples load, the reader leaves, then the load fails: the page is not
    // shown when it fails.
    const held: Route[] = [];
    await page.route(/\/docs\/assets\/.*\.json$/, (route) => void held.push(route));
    await sidebarLink('delete-timecard').click();
    await expect(heading).toHaveText('Delete a timecard');
    await expect(page.getByText('Loading request samples…')).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.goBack();
    await expect(heading).toHaveText('Read a timecard');
    // The page learns of each failure before the reader comes back (else the load still pending would be taken up
    // again, and fail while its page is shown: a failure of that visit).
    const reported = held.map((route) => page.waitForEvent('requestfailed', (request) => request.url() === route.request().url()));
    await Promise.all(held.map((route) => route.abort()));
    await Promise.all(reported);
    await page.unrouteAll();
    await page.goForward();
    await expect(heading).toHaveText('Delete a timecard');
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 30_000});
    await expect(failed).toHaveCount(0);
  });

  await test.step('samples whose code cannot be loaded say so in their place, the page stays, and another try loads them', async () => {
    // A new load, with nothing of the samples loaded and nothing remembered.
    await page.evaluate(() => window.localStorage.removeItem('setu-docs:request-samples'));
    await page.goto('/docs/api/p2p/create-timecard');
    await hydrated(page);
    // As after a new deployment, or offline: the samples' code and the operation's data cannot be fetched.
    await page.route(/\/docs\/assets\/.*\.(js|json)$/, (route) => route.abort());
    await page.getByRole('button', {name: 'Show request samples'}).click();
    await expect(failed).toContainText('The request samples could not be shown');
    await expect(heading).toHaveText('Create a timecard');
    await page.unrouteAll();
    await failed.getByRole('button', {name: 'Try again'}).click();
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 30_000});
    await expect(failed).toHaveCount(0);
  });
  // The samples of create-timecard are open, as openSamples leaves them.
  const origin = new URL(page.url()).origin;

  await test.step('the page says where the request goes, before any is sent, and no worker runs yet', async () => {
    await expect(page.locator('.openapi__method-endpoint')).toContainText(`${origin}/docs/sandbox/p2p/purchase-to-pay/timecard/`);
    await expect(page.locator('.openapi__method-endpoint').getByRole('link', {name: "this site's sandbox"})).toHaveAttribute(
      'href',
      '/docs/sandbox',
    );
    await expect(page.getByText(/Send API Request goes to this site's sandbox, not to SETU/)).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await expect(sample(page)).toContainText(`${origin}/docs/sandbox/p2p/purchase-to-pay/timecard/`);
    // From a terminal the site's address gets no answer: the note says how to send the sample to the local sandbox.
    await expect(page.getByText(/Only your browser answers the samples' address: from a terminal, start the same sandbox/)).toContainText(
      'npm run sandbox -- --port 4010',
    );
  });

  await test.step('the curl sample a reader copies is the string the Node test of the samples runs against the local sandbox', async () => {
    // tests/unit/api-reference/request-samples.test.mjs makes the samples with the theme's code from the same generated
    // page (src/plugins/api-reference/request-samples.mjs) and runs them with curl: the page shows exactly that command.
    // In a Node process of its own: the module is ESM with import.meta, which Playwright's loader of the tests does not take.
    const made = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import {requestSample} from './src/plugins/api-reference/request-samples.mjs';
         process.stdout.write(await requestSample('p2p', 'create-timecard', {origin: ${JSON.stringify(origin)}}));`,
      ],
      {encoding: 'utf8'},
    );
    // What a reader copies: the sample's own copy button.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page
      .locator('.openapi-tabs__code-container-inner:not([hidden])')
      .getByRole('button', {name: 'Copy code to clipboard'})
      .first()
      .click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(made);
  });

  // Both colour modes and widths in the one page: the site follows the system's colour scheme while the reader has not
  // chosen one, and the panel's layout follows the window.
  for (const [width, mode] of [
    [1280, 'light'],
    [320, 'dark'],
  ] as const) {
    await test.step(`the panel at ${width} px (${mode}): every language tab inside it, the code buttons above the code, no nested scroll areas, axe clean`, async () => {
      await page.setViewportSize({width, height: 900});
      await inColourMode(page, mode);
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      const layout = await panelLayout(page);
      expect(layout.tabs, `${width}px`).toBe(5);
      expect(layout.outside, `${width}px: language tabs cut off`).toEqual([]);
      expect(layout.buttonsBottom, `${width}px: the code's buttons cover its first line`).toBeLessThanOrEqual(layout.firstLineTop);
      expect(layout.nested, `${width}px: scroll areas inside scroll areas`).toEqual([]);
      expect(layout.sideways, `${width}px: sideways scroll`).toBeLessThanOrEqual(0);
      expect(await panelViolations(page), `${width}px, ${mode}`).toEqual([]);
    });
  }
  await page.emulateMedia({colorScheme: 'light'});
  await page.setViewportSize({width: 1280, height: 900});

  await test.step('Send API Request on create-timecard, with nothing chosen, gets 201 from the sandbox', async () => {
    await page.getByRole('button', {name: 'Send API Request'}).click();
    const response = page.locator('.openapi-explorer__response-container');
    await expect(response.getByRole('tab', {name: '201'})).toBeVisible({timeout: 60_000});
    // The response, and the Send button under the pointer (its hover colours), axe clean.
    expect(await panelViolations(page)).toEqual([]);
  });

  await test.step('each request sample carries one Content-Type, the chosen body’s, and the named example as body, JSON and XML', async () => {
    const editor = page.locator('.openapi-explorer__playground-editor').first();
    await expect(editor).toBeVisible();
    await expect(editor).not.toContainText('"string"');

    const curl = sample(page);
    const contentTypes = async () => (await curl.innerText()).match(/Content-Type: [^'"\n]+/gi) ?? [];
    await expect(curl).toContainText('Content-Type: application/json');
    expect(await contentTypes()).toEqual(['Content-Type: application/json']);
    await expect(curl).not.toContainText('"string"');

    await page.getByLabel('Content-Type', {exact: true}).selectOption('application/xml');
    await expect(curl).toContainText('Content-Type: application/xml');
    expect(await contentTypes()).toEqual(['Content-Type: application/xml']);
    // The XML example in SETU's form: a whole message with its root element and namespace.
    await expect(curl).toContainText('<Timecard xmlns="https://ontology.setu.nl/messages">');

    // Python's dict of headers holds the one Content-Type.
    await page.getByRole('tab', {name: /python/i}).click();
    const python = await sample(page).innerText();
    expect(python.match(/'Content-Type'/g) ?? []).toHaveLength(1);
    expect(python).toContain("'Content-Type': 'application/xml'");
  });

  await test.step('a refused body: the answer shows its whole description wrapped (1280 px, 320 px dark without sideways scroll, axe clean), each error linked to its entry in the message dictionary', async () => {
    // A new id (the example's is stored already, which the sandbox refuses first) and a body that is no Timecard.
    await page.getByRole('textbox', {name: /^id\b/}).fill('00000000-0000-4000-8000-000000000400');
    await page.getByLabel('Content-Type', {exact: true}).selectOption('application/json');
    const editor = page.locator('.openapi-explorer__playground-editor').first();
    await editor.click();
    // An empty object in place of the example, typed at once (each key makes the five request samples again).
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{}');
    await expect(editor).toHaveText(/^\{\}\s*$/);
    await editor.blur();
    // Left, the editor stays editable and in the tab order (the theme made it read-only until clicked again).
    await expect(editor.locator('pre')).toHaveAttribute('contenteditable', /^(true|plaintext-only)$/);
    await page.getByRole('button', {name: 'Send API Request'}).click();
    await expect(answer(page).getByRole('tab', {name: '400'})).toBeVisible({timeout: 60_000});
    await expect(answer(page)).toContainText('as the message validator reports them');
    for (const [width, mode] of [
      [1280, 'light'],
      [320, 'dark'],
    ] as const) {
      await page.setViewportSize({width, height: 900});
      await inColourMode(page, mode);
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      const layout = await answerLayout(page);
      expect(layout.whiteSpace, `${width}px: the answer's lines wrap`).toBe('pre-wrap');
      expect(layout.hiddenRight, `${width}px: text cut off at the right`).toBeLessThanOrEqual(0);
      expect(layout.hiddenBelow, `${width}px: text hidden below`).toBeLessThanOrEqual(0);
      expect(layout.sideways, `${width}px: sideways scroll`).toBeLessThanOrEqual(0);
    }
    // The rest of the panel is checked before the first Send.
    expect(await panelViolations(page, '[data-answer]'), '320px, dark').toEqual([]);
    await page.emulateMedia({colorScheme: 'light'});
    await page.setViewportSize({width: 1280, height: 900});

    // Each error of the description, with its path, line and a link to its field, where the validator page links it.
    const errors = page.getByTestId('refusal-error');
    await expect(errors).toHaveCount(3);
    const idError = page.locator('[data-testid="refusal-error"][data-path="/documentId"]');
    await expect(idError).toContainText('line 1');
    await expect(idError).toContainText('Missing required property "documentId"');
    const link = idError.getByTestId('field-link');
    await expect(link).toHaveAttribute('href', '/docs/messages/purchase-to-pay/2.0/Timecard#documentId');
    await link.click();
    await page.waitForURL('**/docs/messages/purchase-to-pay/2.0/Timecard#documentId');
    await expect(page.locator('[id="documentId"]')).toBeInViewport();
  });

  await test.step('get-timecard asks for XML with its Accept control: the samples and the 200 response’s tab follow it', async () => {
    await openSamples(page, '/docs/api/p2p/get-timecard');
    const accept = page.getByLabel('Accept', {exact: true});
    await expect(accept).toHaveValue('application/json');
    await expect(accept.locator('option')).toHaveText(['application/json', 'application/xml']);
    await accept.selectOption('application/xml');
    await page.getByRole('tab', {name: /curl/i}).click();
    const curl = sample(page);
    await expect(curl).toContainText('Accept: application/xml');
    expect((await curl.innerText()).match(/Accept: /g) ?? []).toHaveLength(1);
    // The response's media-type tab follows, its content as well as its label: the example is the XML one. The
    // responses' section loads when scrolled to (runtime/DeferredSection).
    const section = page.locator('[data-deferred-section]').last();
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-deferred-section', 'live', {timeout: 30_000});
    const responses = page.locator('.tabs-container', {has: page.locator('.openapi-tabs__mime-item')}).last();
    await expect(responses.getByRole('tab', {name: 'application/xml'})).toHaveAttribute('aria-selected', 'true');
    await responses.getByRole('tab', {name: 'timecard'}).click();
    await expect(responses).toContainText('<Timecard xmlns=');
  });

  await test.step('get-timecard reads back the timecard that create-timecard sent, in XML as asked', async () => {
    await page.getByRole('button', {name: 'Send API Request'}).click();
    const response = answer(page);
    await expect(response.getByRole('tab', {name: '200'})).toBeVisible({timeout: 60_000});
    // The timecard the create sent: the spec's named example, not schema filler, in SETU's XML form.
    await expect(response).toContainText('<Timecard xmlns="https://ontology.setu.nl/messages">');
    await expect(response).toContainText('<documentId>');
    await expect(response).not.toContainText('>string<');
  });

  await test.step('choosing the JSON tab of the 200 response sets Accept where the reader sees it: the note above the tabs, the control, the samples', async () => {
    const responses = page.locator('.tabs-container', {has: page.locator('.openapi-tabs__mime-item')}).last();
    await expect(page.getByText('The media type chosen here is also the Accept of the request samples')).toBeVisible();
    await responses.getByRole('tab', {name: 'application/json'}).click();
    await expect(page.getByLabel('Accept', {exact: true})).toHaveValue('application/json');
    await expect(sample(page)).toContainText('Accept: application/json');
  });

  await test.step('create-order answers 201 without a body: the panel says so, with the status, axe clean', async () => {
    await openSamples(page, '/docs/api/p2p/create-order');
    await page.getByRole('button', {name: 'Send API Request'}).click();
    await expect(answer(page).getByRole('tab', {name: '201'})).toBeVisible({timeout: 60_000});
    await expect(answer(page)).toContainText('Status 201, with no body');
    await expect(answer(page)).not.toContainText('Click the Send API Request button');
    expect(await panelViolations(page, '[data-answer]')).toEqual([]);
  });

  await test.step('upload-attachment, whose 200 and 201 both answer JSON or XML, offers each once as Accept (the theme patch: ApiItem)', async () => {
    await openSamples(page, '/docs/api/p2p/upload-attachment');
    await expect(page.getByLabel('Accept', {exact: true}).locator('option')).toHaveText(['application/json', 'application/xml']);
  });

  // Planning and Scheduling: a create whose body the sandbox stores with warnings, then a read of one of its lines,
  // whose Accept the operation declares with XML although its 200 answers JSON only.
  let created = '';
  await test.step('create-planning-request with an actionCode (BR 292): stored, and the panel lists the warning, linked to the dictionary, and the notes', async () => {
    await openSamples(page, '/docs/api/planning/create-planning-request');
    const editor = page.locator('.openapi-explorer__playground-editor').first();
    await editor.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    // After the body's opening brace, in one input (each key makes the five request samples again).
    await page.keyboard.insertText('\n  "actionCode": "POST",');
    // The editor takes in what changed when a key is let go.
    await page.keyboard.press('End');
    await expect(editor).toContainText('"actionCode": "POST"');
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/sandbox\/planning\/planning\/requests$/.test(r.url()),
      {
        timeout: 60_000,
      },
    );
    await page.getByRole('button', {name: 'Send API Request'}).click();
    created = (await (await answered).headerValue('location')) ?? '';
    expect(created).toMatch(/\/planning\/requests\/[0-9a-f-]{36}$/);
    await expect(answer(page).getByRole('tab', {name: '201'})).toBeVisible({timeout: 60_000});
    const findings = page.getByTestId('validator-findings');
    await expect(findings).toContainText('The sandbox stored the body, with a warning of the validator');
    const warning = findings.getByTestId('validator-warning');
    await expect(warning).toHaveCount(1);
    await expect(warning).toHaveAttribute('data-path', '/actionCode');
    await expect(warning).toContainText(/line 2, column 3/);
    await expect(warning).toContainText('BR 292: actionCode is for exchanges other than REST');
    const link = warning.getByTestId('field-link');
    await expect(link).toHaveAttribute('href', '/docs/messages/planning/1.0/PlanningRequest#actionCode');
    expect(await (await page.request.get('/docs/messages/planning/1.0/PlanningRequest')).text()).toMatch(/ id="?actionCode"?[ >]/);
    // The example is valid only under a repair of SETU's schema, and BR 295 cannot be checked on one message.
    await expect(findings.getByTestId('validator-note')).toHaveCount(2);
    await expect(findings).toContainText('Valid only under our repair of');
    await page.setViewportSize({width: 320, height: 900});
    await inColourMode(page, 'dark');
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(320);
    expect((await answerLayout(page)).sideways, '320px: sideways scroll').toBeLessThanOrEqual(0);
    expect(await panelViolations(page, '[data-answer]'), '320px, dark').toEqual([]);
    await page.emulateMedia({colorScheme: 'light'});
    await page.setViewportSize({width: 1280, height: 900});
  });

  await test.step('get-planning-request-line offers the Accept it declares, JSON and XML; XML is sent and the sandbox’s 406 is shown whole', async () => {
    await page.locator('.theme-doc-sidebar-container a.menu__link[href="/docs/api/planning/get-planning-request-line"]').click();
    await expect(heading).toHaveText('Get a planning request line');
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 30_000});
    const accept = page.getByLabel('Accept', {exact: true});
    await expect(accept.locator('option')).toHaveText(['application/json', 'application/xml']);
    await page.getByRole('textbox', {name: /^id\b/}).fill(created.split('/').at(-1)!);
    await expect(page.getByTestId('accept-unanswered')).toHaveCount(0);
    await accept.selectOption('application/xml');
    await expect(sample(page)).toContainText('Accept: application/xml');
    expect((await sample(page).innerText()).match(/Accept: /g) ?? []).toHaveLength(1);
    // Offered as declared, and said before it is sent: the 200 answers JSON only.
    await expect(page.getByTestId('accept-unanswered')).toHaveText(
      'The operation declares Accept: application/xml, but the specification gives its success response in application/json only: the sandbox answers 406 Not Acceptable.',
    );
    const sent = page.waitForRequest((r) => /\/sandbox\/planning\/planning\/requests\/.*\/lines\//.test(r.url()));
    await page.getByRole('button', {name: 'Send API Request'}).click();
    expect((await sent).headers()['accept']).toBe('application/xml');
    await expect(answer(page).getByRole('tab', {name: '406'})).toBeVisible({timeout: 60_000});
    await expect(answer(page)).toContainText('NOT_ACCEPTABLE');
    await expect(answer(page)).toContainText('names no form this answer has');
    const layout = await answerLayout(page);
    expect(layout.whiteSpace, 'the answer wraps').toBe('pre-wrap');
    expect(layout.hiddenRight, 'text cut off at the right').toBeLessThanOrEqual(0);
    await expect(page.locator('[data-testid="refusal-error"], [data-testid="validator-findings"]')).toHaveCount(0);
  });
});
