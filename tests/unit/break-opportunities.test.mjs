// Where inline code may break across lines (src/theme/CodeInline/break-opportunities.mjs): at the places a reader
// expects a name to continue, never inside a number or a URL's `://`, and without changing the text.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {splitAtBreakOpportunities} from '../../src/theme/CodeInline/break-opportunities.mjs';

const cases = {
  // Field paths: after each dot; a segment of a path breaks between its words only from 20 characters.
  'positionProfile.positionLocation.item.name': 'positionProfile.|positionLocation.|item.|name',
  'staffingIds.requestForQuotationId': 'staffingIds.|request|For|Quotation|Id',
  'remuneration[].individualSalaryIncreaseRate': 'remuneration[].|individual|Salary|Increase|Rate',
  '…amount.value': '…amount.|value',
  // Paths of operations: before each slash but the first.
  '/purchase-to-pay/staffing-order/request-for-quotation/{id}': '/purchase-to-pay|/staffing-order|/request-for-quotation|/{id}',
  'https://example.com/a': 'https://example.|com|/a',
  'urn:fdc:peppol.eu:2017': 'urn:|fdc:|peppol.|eu:2017',
  // A long camel-case name alone: between its words, from 18 characters.
  CollectiveLabourAgreementExtended: 'Collective|Labour|Agreement|Extended',
  HourlyConsolidated: 'Hourly|Consolidated',
  percentageHourly: 'percentageHourly',
  // Kept whole: numbers, short names, JSON with spaces.
  18.5: '18.5',
  '3.0.1': '3.0.1',
  '{"value": 1, "unitCode": "Hour"}': '{"value": 1, "unitCode": "Hour"}',
  '': '',
};

test('inline code breaks after dots and colons, before slashes and inside long camel-case names', () => {
  for (const [text, expected] of Object.entries(cases)) {
    const parts = splitAtBreakOpportunities(text);
    assert.equal(parts.join('|'), expected, text);
    assert.equal(parts.join(''), text);
  }
});
