import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {test, expect} from '../fixtures';
import {errors, failOnPageProblems, input, lineOf, loadExample, open, result, validate} from '../validator-page';

// XML messages and the planning business rules in the validator at /docs/validator: pasted and
// opened XML with located errors, the XML examples, broken rules shown with their number, and the
// business rules page that lists the rules from the same data. (That an operation page of the planning API links its
// rules is checked on that page, in tests/e2e/api-reference/pages.spec.ts.)
//
// Each test opens the validator once and checks one behaviour after another, each a step named for what it proves: a
// page load that starts the validator's worker costs more than most checks. Each check replaces the verdict before it.

const specsDir = path.resolve(__dirname, '../../../specs');
const p2p = JSON.parse(fs.readFileSync(path.join(specsDir, 'purchase-to-pay.json'), 'utf8'));
const rulesData = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../src/data/planning-business-rules.json'), 'utf8'));

/** A short Timecard in its XML form, with `person` and `period` as given. */
const timecardXml = ({
  person = '<person>\n    <id>\n      <value>W-1</value>\n      <schemeAgencyId>Supplier</schemeAgencyId>\n    </id>\n  </person>',
  period = '',
} = {}) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Timecard xmlns="https://ontology.setu.nl/messages">',
    '  <documentId>',
    '    <value>TC-1</value>',
    '    <schemeAgencyId>Customer</schemeAgencyId>',
    '  </documentId>',
    `  ${person}`,
    period,
    '</Timecard>',
  ].join('\n');

failOnPageProblems();

// Each test does the work of several former ones, each of which had a minute: three minutes for all of it on a busy
// 2-core machine.
test.describe.configure({timeout: 180_000});

/** A planning constraints message written as SETU's official XML examples are: the …/planning# namespace, two extra prefixes, times without offset. */
const planningXml = (root = 'PlanningConstraints') =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="https://ontology.setu.nl/planning#" xmlns:setu="https://ontology.setu.nl/planning#" xmlns:hropen="https://hropenstandards.org/schema/xml/">`,
    '  <documentId><value>AV-1</value><schemeAgencyId>Supplier</schemeAgencyId></documentId>',
    '  <supplier><legalId><value>67190324</value><schemeAgencyId>KvK</schemeAgencyId></legalId></supplier>',
    '  <customer><legalId><value>24381957</value><schemeAgencyId>KvK</schemeAgencyId></legalId></customer>',
    '  <worker><workerId><value>W-1</value><schemeAgencyId>Supplier</schemeAgencyId></workerId></worker>',
    '  <periodicAvailabilityLine>',
    '    <lineId><value>L-1</value><schemeAgencyId>Supplier</schemeAgencyId></lineId>',
    '    <availabilityStatus>Available</availabilityStatus>',
    '    <availabilityPeriod>Monday</availabilityPeriod>',
    '    <startTime>08:00:00</startTime>',
    '    <endTime>12:00:00</endTime>',
    '  </periodicAvailabilityLine>',
    `</${root}>`,
  ].join('\n');

test('XML messages', async ({page}) => {
  await open(page);

  await test.step('a planning message as SETU writes it (…/planning#, times 08:00:00) is valid; the offset of the JSON form is a note', async () => {
    await validate(page, planningXml());
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    await expect(page.getByRole('status')).toContainText('Valid: the XML message conforms to PlanningConstraints');
    await expect(page.getByTestId('detected-type')).toContainText(
      'Detected as PlanningConstraints 1.0: it has the root element PlanningConstraints in the namespace https://ontology.setu.nl/planning#, the namespace of Planning and Scheduling 1.0',
    );
    const note = page.getByTestId('validation-note').filter({hasText: 'xs:time'});
    await expect(note).toContainText('"08:00:00"');
    await expect(note).toContainText('needs a UTC offset');
    await expect(note).toContainText('"08:00:00Z"');
    // The root that only the published OpenAPI file names: valid, with a note saying so.
    await validate(page, planningXml('HumanResourceAvailability'));
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('validation-note').filter({hasText: 'only the published OpenAPI file'})).toContainText(
      'The root HumanResourceAvailability is accepted for a PlanningConstraints message',
    );
    // The namespace without its "#": an error naming both.
    await validate(page, planningXml().replace('xmlns="https://ontology.setu.nl/planning#"', 'xmlns="https://ontology.setu.nl/planning"'));
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    const namespace = errors(page).filter({hasText: 'namespace'}).first();
    await expect(namespace).toContainText('https://ontology.setu.nl/planning#');
    await expect(namespace).toContainText('is in the namespace https://ontology.setu.nl/planning,');
  });

  await test.step('a pasted XML message with faults: each error names the element path and its line', async () => {
    const text = timecardXml({
      person: '<persoon>W-1</persoon>',
      period: '  <period>\n    <datePeriod>\n      <start>2025-13-45</start>\n    </datePeriod>\n  </period>',
    });
    await validate(page, text);
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(page.getByTestId('detected-type')).toContainText('Detected as Timecard');
    await expect(page.getByTestId('detected-type')).toContainText('root element');
    const unknown = errors(page).filter({hasText: '/Timecard/persoon'});
    await expect(unknown).toHaveAttribute('data-rule', 'unknown element');
    await expect(unknown).toHaveAttribute('data-line', String(lineOf(text, '<persoon>')));
    await expect(unknown).toContainText(`line ${lineOf(text, '<persoon>')}`);
    const date = errors(page).filter({hasText: '/Timecard/period/datePeriod/start'});
    await expect(date).toHaveAttribute('data-rule', 'xs:date');
    await expect(date).toHaveAttribute('data-line', String(lineOf(text, '<start>')));
    await expect(date).toContainText('YYYY-MM-DD');
    await expect(date).toContainText('the month is 13');
    await expect(errors(page).filter({hasText: '/Timecard/person'}).first()).toHaveAttribute('data-rule', 'required');
    // "line N" takes the caret to the element.
    await unknown.getByRole('button').click();
    await expect(input(page)).toBeFocused();
    const caretLine = await input(page).evaluate((el: HTMLTextAreaElement) => el.value.slice(0, el.selectionStart).split('\n').length);
    expect(caretLine).toBe(lineOf(text, '<persoon>'));
  });

  await test.step('an .xml file is opened and checked as XML, off the main thread; a DOCTYPE is refused', async () => {
    const text = timecardXml().replace('<Timecard xmlns="https://ontology.setu.nl/messages">', '<Timecard xmlns="urn:wrong">');
    await page.getByTestId('message-file').setInputFiles({name: 'timecard.xml', mimeType: 'application/xml', buffer: Buffer.from(text)});
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(page.getByText(/Opened timecard\.xml/)).toBeVisible();
    const namespace = errors(page).filter({hasText: 'namespace'}).first();
    await expect(namespace).toHaveAttribute('data-path', '/Timecard');
    await expect(namespace).toHaveAttribute('data-line', '2');
    await expect(result(page)).toContainText('of XML');
    await expect(result(page)).toContainText('background thread');
    await page.getByTestId('message-file').setInputFiles({
      name: 'evil.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Timecard>&x;</Timecard>'),
    });
    await expect(result(page)).toHaveAttribute('data-status', 'syntax');
    await expect(page.getByRole('status')).toContainText('Not well-formed XML, line 2');
    await expect(page.getByRole('status')).toContainText('DOCTYPE');
  });

  await test.step('the XML examples: each loads in its XML form and is valid', async () => {
    await page.getByTestId('example-form-xml').check();
    const buttons = page.getByTestId('load-example');
    // Each button's state, read at once (a round trip per button costs more than its check).
    const examples = await buttons.evaluateAll((bs) =>
      bs.map((b) => ({
        type: b.dataset.type!,
        label: b.textContent!,
        title: b.getAttribute('title')!,
        disabled: (b as HTMLButtonElement).disabled,
      })),
    );
    let loaded = 0;
    for (const [i, {type, label, title, disabled}] of examples.entries()) {
      if (disabled) {
        expect(title, label).toMatch(/No XML form/);
        continue;
      }
      await buttons.nth(i).click();
      // This example's verdict, not the one before it: the note that it was loaded comes with its check.
      await expect(page.getByText(`Loaded the example “${title}” (${type}`)).toContainText('in its XML form');
      await expect(result(page), `XML example ${label}`).toHaveAttribute('data-valid', 'true');
      const xml = await input(page).inputValue();
      expect(xml).toMatch(/^<\?xml version="1\.0"/);
      if (xml.includes('>SSVV<')) {
        // Valid only under our repair of the competency's code list, which SETU's XSD takes literally (issue 41,
        // item 3): the note names the repair and the XSD, with a button to the element's line.
        const note = page
          .getByTestId('validation-note')
          .filter({hasText: 'Valid only under our repair of CompetencyIdentifier.schemeAgencyId'});
        await expect(note).toContainText("which SETU's published XSD (setu-planning/");
        await expect(note).toHaveAttribute('data-line', String(lineOf(xml, '>SSVV<')));
        await expect(note.getByRole('button', {name: `line ${lineOf(xml, '>SSVV<')}`})).toBeVisible();
      }
      loaded++;
    }
    expect(loaded).toBeGreaterThanOrEqual(20);
  });

  await test.step('10,000 levels of XML nesting get a verdict and leave the page alive', async () => {
    await validate(page, `<Timecard xmlns="https://ontology.setu.nl/messages">${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</Timecard>`);
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    await expect(errors(page).filter({hasText: '/Timecard/a'}).first()).toHaveAttribute('data-rule', 'unknown element');
    await validate(page, JSON.stringify(p2p.components.examples.Order.value));
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
  });
});

test('business rules', async ({page, request}) => {
  await open(page);

  await test.step('a broken rule is shown with its number, at its element; BR 292 is a warning and BR 295 a note', async () => {
    await loadExample(page, 'PlanningRequest 1.0');
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    // Which of SETU's published rules apply, and that they were checked (issue 41, item 5).
    await expect(page.getByTestId('business-rules')).toContainText(
      "Business rules: BR 285–292, 294 and 295 of SETU's PlanningRequest v1.0 (PlanningRequest_BRs_v1.0.xml); checked",
    );
    // The example draws no warning; with an action code, which a REST message leaves out, it draws BR 292.
    await expect(page.getByTestId('validation-warning')).toHaveCount(0);
    await validate(page, JSON.stringify({...JSON.parse(await input(page).inputValue()), actionCode: 'POST'}, null, 2));
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('validation-warning').filter({hasText: 'BR 292'}).first()).toHaveAttribute('data-rule', 'BR 292');
    await expect(page.getByTestId('validation-note').filter({hasText: 'BR 295'})).toHaveAttribute('data-rule', 'BR 295');
    const message = JSON.parse(await input(page).inputValue());
    delete message.actionCode;
    message.singlePlanningLine[0].singlePlanningType = 'Exception';
    delete message.singlePlanningLine[0].periodicPlanningLineReference;
    const text = JSON.stringify(message, null, 2);
    await validate(page, text);
    await expect(result(page)).toHaveAttribute('data-valid', 'false');
    const error = errors(page).filter({hasText: 'BR 287'});
    await expect(error).toHaveAttribute('data-rule', 'BR 287');
    await expect(error).toHaveAttribute('data-path', '/singlePlanningLine/0');
    await expect(error).toContainText(
      'BR 287: a single planning line of type Exception must refer to its periodic line (periodicPlanningLineReference)',
    );
    // The line of the first item of singlePlanningLine: the line after the array's opening.
    await expect(error).toHaveAttribute('data-line', String(lineOf(text, '"singlePlanningLine": [') + 1));
    await expect(page.getByRole('status')).toContainText('and the business rules');
  });

  await test.step('the same rule in an XML message names the element path', async () => {
    await loadExample(page, 'PlanningAssignment 1.0', 'xml');
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    const text = (await input(page).inputValue()).replace(/<customer>[\s\S]*?<\/customer>/, '<customer/>');
    await validate(page, text);
    const error = errors(page).filter({hasText: 'BR 290'});
    await expect(error).toHaveAttribute('data-path', '/PlanningAssignment/customer');
    await expect(error).toHaveAttribute('data-line', String(lineOf(text, '<customer/>')));
  });

  await test.step('the business rules page lists every rule from the same data, and the sidebar has it', async () => {
    // The table and the sidebar are in the page's HTML.
    const $ = cheerio.load(await (await request.get('/docs/planning/business-rules')).text());
    // The text as a reader sees it: white space (the no-break space in "BR 282" too) as one space.
    const text = (selector: string) => $(selector).text().replace(/\s+/g, ' ');
    expect(text('h1')).toBe('Business rules');
    expect($('[data-testid="business-rules"] tbody tr')).toHaveLength(rulesData.rules.length);
    for (const rule of rulesData.rules) expect(text(`[id="br-${rule.number}"]`)).toContain(`BR ${rule.number}`);
    expect(text('#br-292')).toContain('as a warning');
    expect(text('#br-295')).toContain('note');
    // The sidebar's entry, marked as the page the reader is on.
    const entry = $('.menu a.menu__link').filter((_, a) => $(a).text().trim() === 'Business rules');
    expect(entry).toHaveLength(1);
    expect(entry.attr('aria-current')).toBe('page');
  });
});
