// The validator's XML scanner (src/plugins/validator/engine/xml-parser.mjs) against saxes, the strict XML 1.0 parser it replaced for
// speed (tests/unit/validator/saxes-parser.mjs is the validator's parser as it was on saxes): on documents of every
// construct, well-formed and broken, and on thousands of random corruptions of the example messages, both must accept
// and refuse the same texts and build the same tree (names, namespaces, attributes, text, positions). Where they
// differ, saxes is wrong, and the cases say how.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import {parseXml, XmlSyntaxError} from '../../../src/plugins/validator/engine/xml-parser.mjs';
import {parseXml as saxesParse} from './saxes-parser.mjs';
import {examples} from '../../../generated/validator/examples.mjs';

/** The tree as plain data: what the mapping reads of each element. */
const plain = (e) => ({
  name: e.name,
  local: e.local,
  uri: e.uri,
  attributes: e.attributes.map((a) => ({...a})),
  text: e.text,
  textAt: e.textAt,
  line: e.line,
  column: e.column,
  children: e.children.map(plain),
});

/** A parser's verdict on a text: the tree, depth and warnings, or the error. */
function verdict(parse, text) {
  try {
    const {root, depth, warnings} = parse(text);
    return {ok: true, tree: plain(root), depth, warnings: warnings.map((w) => w.message)};
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'XmlSyntaxError') throw error;
    return {ok: false, message: error.message, line: error.line};
  }
}

/**
 * A tree without the positions saxes gets wrong in a text (see the cases below): a start tag whose name is followed
 * by a line break (saxes places it on the next line, at a column of 0 or less), and the text of a CDATA section
 * (saxes places it where the section starts, not where its text does).
 */
function comparable(tree, text) {
  const tagPlaces = /<[A-Za-z_:][^\s/>]*[\r\n]/.test(text);
  const textPlaces = text.includes('<![CDATA[');
  const strip = (e) => ({
    ...e,
    line: tagPlaces ? 0 : e.line,
    column: tagPlaces ? 0 : e.column,
    textAt: textPlaces ? null : e.textAt,
    children: e.children.map(strip),
  });
  return strip(tree);
}

/** Asserts that the scanner and saxes agree on a text. */
function assertAgree(text, label = JSON.stringify(text.slice(0, 80))) {
  const ours = verdict(parseXml, text);
  const theirs = verdict(saxesParse, text);
  assert.equal(
    ours.ok,
    theirs.ok,
    `${label}: scanner ${ours.ok ? 'accepts' : `refuses (${ours.message})`}, saxes ${theirs.ok ? 'accepts' : `refuses (${theirs.message})`}`,
  );
  if (!ours.ok || !theirs.ok) return;
  assert.deepEqual(comparable(ours.tree, text), comparable(theirs.tree, text), label);
  assert.equal(ours.depth, theirs.depth, label);
  assert.deepEqual(ours.warnings, theirs.warnings, label);
}

describe('the XML scanner judges as saxes did', () => {
  test('on every example message in its XML form', () => {
    const xml = examples.filter((e) => e.xml !== null);
    assert.ok(xml.length > 20);
    for (const e of xml) assertAgree(e.xml, e.label);
  });

  test('on documents of every construct, well-formed and broken', () => {
    const documents = [
      // Elements, empty-element tags, nesting, end tags.
      ...['<a/>', '<a></a>', ' <a/> ', '<a/>x', 'x<a/>', '<a/><b/>', '<a>', '</a>', '<a></b>', '<a><b></a></b>', '<a/></a>'],
      ...['< a/>', '<a >x</a >', '<a>x</ a>', '<a>x</a b>', '<a/ >', '<a\r\nb="1"/>', '<a\n>x</a\n>', '', ' ', '<!-- c -->'],
      // Names.
      ...[
        '<a\u00e9/>',
        '<\u00e9/>',
        '<a\u0300/>',
        '<\u0300/>',
        '<a·b/>',
        '<a-b.c_d/>',
        '<-a/>',
        '<.a/>',
        '<_a/>',
        '<a1/>',
        '<1a/>',
        '<\u{10000}a/>',
      ],
      // Attributes.
      ...['<a b="1"/>', "<a b='1'/>", '<a b=1/>', '<a b="1"c="2"/>', '<a b="1" b="2"/>', '<a b="<"/>', '<a b="&lt;"/>', '<a b="&#60;"/>'],
      ...[
        '<a b="&x;"/>',
        '<a b = "1" />',
        '<a b="x\ny"/>',
        '<a b="x\r\ny"/>',
        '<a b="x\ty"/>',
        '<a b="&#10;"/>',
        '<a b="]]>"/>',
        '<a b=">"/>',
      ],
      // Character data and references.
      ...['<a>&amp;&lt;&gt;&quot;&apos;</a>', '<a>&#65;&#x41;&#X41;</a>', '<a>&#;</a>', '<a>&#x;</a>', '<a>&#0;</a>', '<a>&#xD800;</a>'],
      ...[
        '<a>&#x10FFFF;</a>',
        '<a>&#x110000;</a>',
        '<a>&#9;&#10;&#13;</a>',
        '<a>&</a>',
        '<a>& b</a>',
        '<a>&amp</a>',
        '<a>&nbsp;</a>',
        '<a>&AMP;</a>',
      ],
      ...[
        '<a>]]></a>',
        '<a>]]&gt;</a>',
        '<a>]></a>',
        '<a>]]</a>',
        '<a>></a>',
        '<a/>&amp;',
        '<a/>]]>',
        '<a>x\r\ny\rz</a>',
        '<a>\r\n<b/>\r</a>',
      ],
      ...[
        '<a>\u0000</a>',
        '<a>\u0001</a>',
        '<a>\u0085</a>',
        '<a>\u2028</a>',
        '<a>\ufffe</a>',
        '<a>\uffff</a>',
        '<a>😀</a>',
        '<a b="\u0001"/>',
      ],
      ...['\ufeff<a/>', '\ufeff\ufeff<a/>', '<a>\ufeff</a>', '<a>\u00a0<b/>\u00a0x</a>', '<a>&#32;<b/>&#x20;y</a>', '<a>\n\n  \t x</a>'],
      ...['<a>x&amp;y<b/>z<!-- c -->w<![CDATA[<v>]]>u</a>', '<a>\r\n  <b>1</b>\r\n  <c>&#10;2</c>\r</a>', '<a>é&lt;<b/>😀</a>'],
      ...['<a><b/>x<c/><!--d-->e<f/></a>', '<r><a>1</a><a>2</a>tail</r>', '<a>\n  <b>\n    text\n  </b>\n</a>'],
      // Comments and CDATA sections.
      ...['<a><!-- c --></a>', '<a><!-- c -- d --></a>', '<a><!-- c ---></a>', '<a><!----></a>', '<a>x</a>\n<!-- after -->\n'],
      ...[
        '<a>x</a><!-- -- -->',
        '<a><![CDATA[x]]></a>',
        '<a><![CDATA[]]]]></a>',
        '<![CDATA[x]]><a/>',
        '<a><![CDATA[]]></a>',
        '<a><![CDATA[x</a>',
      ],
      // The XML declaration and processing instructions.
      ...['<?xml version="1.0"?><a/>', '<?xml version="1.0" encoding="UTF-8"?><a/>', '<?xml version="1.0" standalone="yes"?><a/>'],
      ...[
        '<?xml encoding="UTF-8"?><a/>',
        '<?xml version="2.0"?><a/>',
        '<?xml version="1.1"?><a/>',
        '<?xml version="1.0" standalone="maybe"?><a/>',
      ],
      ...[
        '<?xml version="1.0"encoding="UTF-8"?><a/>',
        ' <?xml version="1.0"?><a/>',
        '<a/><?xml version="1.0"?>',
        '<?xml version="1.0" ?><a/>',
      ],
      ...['<?xml  version = "1.0" ?><a/>', '<?XML version="1.0"?><a/>', '<?xml?><a/>', '<?xml version="1.0" encoding="1"?><a/>'],
      ...['<?xml version="1.0" standalone="yes" encoding="UTF-8"?><a/>', '<?pi?><a/>', '<?pi x?><a/>', '<?pi\tx?><a/>', '<a/><?pi x?>'],
      ...[
        '<a><?pi x?></a>',
        '<?pi x ?><a/>',
        '<?xml-stylesheet href="x"?><a/>',
        '<??><a/>',
        '<?1pi?><a/>',
        '<?pi x??><a/>',
        '<a>x<?pi?>y</a>',
      ],
      // Document type declarations (refused) and namespaces.
      ...['<!DOCTYPE a><a/>', '<a><!DOCTYPE a></a>', '<!doctype a><a/>', '<!ELEMENT a><a/>', '<a><!ELEMENT></a>'],
      ...['<a:b xmlns:a="u"/>', '<a:b/>', '<a xmlns:p="u"><p:b/></a>', '<a xmlns:p="u" p:x="1"/>', '<a q:x="1"/>', '<a:b:c xmlns:a="u"/>'],
      ...[
        '<:a/>',
        '<a:/>',
        '<a xmlns="u"><b/></a>',
        '<a xmlns=""/>',
        '<a xmlns:p=""/>',
        '<a xmlns="u" xmlns:p="v"><p:b xmlns="w"><c/></p:b></a>',
      ],
    ];
    for (const text of documents) assertAgree(text);
  });

  test('on thousands of random corruptions of the example messages', () => {
    // A fixed seed: the same corruptions on every run.
    let seed = 20_240_611;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pieces = ['<', '>', '&', ';', '/', '"', "'", '=', '!', '?', '-', '[', ']', ' ', '\n', '\r', '\t', 'a', ':', '#', 'x'];
    pieces.push('\u0000', '\u00e9', '\u00a0', '\u0085', '\u2028', '\ufffe', '😀', '\ufeff', '&amp;', '&#x41;', '&#0;', '&lt;', '&bogus;');
    pieces.push(
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<?pi x?>',
      '<?xml version="1.0"?>',
      '<!DOCTYPE a>',
      'xmlns:p="u"',
      '<p:b/>',
      '</b>',
      '<b>',
    );
    const bases = examples
      .filter((e) => e.xml !== null)
      .map((e) => e.xml)
      .sort((a, b) => a.length - b.length)
      .slice(0, 6);
    let bothAccept = 0;
    for (let n = 0; n < 4000; n++) {
      let text = bases[n % bases.length];
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * text.length);
        const kind = random();
        if (kind < 0.3) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3));
        else if (kind < 0.8) text = text.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + text.slice(at);
        else text = text.slice(0, at) + text.slice(at, at + Math.floor(random() * 40)) + text.slice(at);
      }
      // saxes accepts a start of a processing instruction's target run into '?' ("<?xm?l …?>"): see below.
      if (/<\?[A-Za-z_:][\w.:-]*\?[^>]/.test(text)) continue;
      assertAgree(text, `corruption ${n}`);
      if (verdict(parseXml, text).ok) bothAccept++;
    }
    // Both kinds of outcome occur in numbers: the corruptions test acceptance as well as refusal.
    assert.ok(bothAccept > 300, `only ${bothAccept} corruptions were well-formed`);
  });
});

describe('where the scanner is right and saxes was not', () => {
  test('a start tag whose name ends its line is placed on its own line', () => {
    const {root} = parseXml('<a>\n  <b\n    c="1">x</b>\n</a>');
    assert.deepEqual([root.children[0].line, root.children[0].column], [2, 3]);
    const old = saxesParse('<a>\n  <b\n    c="1">x</b>\n</a>').root.children[0];
    assert.notDeepEqual([old.line, old.column], [2, 3]);
  });

  test('text in a CDATA section is placed where the text starts', () => {
    const text = '<a>\n  <![CDATA[x]]>\n  <b/>\n</a>';
    assert.deepEqual(parseXml(text).root.textAt, {line: 2, column: 12});
    assert.deepEqual(saxesParse(text).root.textAt, {line: 1, column: 4});
  });

  test('half of a surrogate pair is not an XML character', () => {
    for (const text of ['<a>\ud800<b/></a>', '<a>\ud800 </a>', '<a b="x\ud800y"/>', '<a><!-- \ud800 --></a>']) {
      assert.throws(() => parseXml(text), XmlSyntaxError, JSON.stringify(text));
      assert.doesNotThrow(() => saxesParse(text));
    }
  });

  test('a processing instruction target is followed by white space or ?>', () => {
    assert.throws(() => parseXml('<?pi?x?><a/>'), /a space or \?> expected after <\?pi/);
    assert.doesNotThrow(() => saxesParse('<?pi?x?><a/>'));
  });
});

describe('the scanner on hostile input', () => {
  test('errors are located on their line and column', () => {
    const cases = [
      ['<a>\n  <b>\n</a>', 3, 1, /does not match the open element <b> \(line 2, column 3\)/],
      ['<a>\n  x &nbsp; y</a>', 2, 5, /an entity reference other than &amp;/],
      ['<a>\n\n  <b c="1" c="2"/></a>', 3, 12, /the attribute c appears twice/],
      ['<a>x\u0001</a>', 1, 5, /the character U\+0001 is not allowed/],
      ['<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x "y">]>\n<a/>', 2, 1, /document type declaration/],
      ['<a>\n<b>', 2, 4, /the element <b> \(line 2, column 1\) is not closed/],
    ];
    for (const [text, line, column, message] of cases) {
      assert.throws(
        () => parseXml(text),
        (e) => e instanceof XmlSyntaxError && e.line === line && e.column === column && message.test(e.message),
        JSON.stringify(text),
      );
    }
  });

  test('a long run of references, names or nesting stays linear', () => {
    // Each text is large enough that a scan going back over it (quadratic time) would take hours: the bound, far above
    // the second or so these take, holds on a busy machine and fails only on such a scan.
    const started = performance.now();
    parseXml(`<a>${'&amp;&#233;'.repeat(200_000)}</a>`);
    parseXml(`<a>${'<b/>'.repeat(200_000)}</a>`);
    parseXml(`${'<b>'.repeat(100_000)}${'</b>'.repeat(100_000)}`);
    assert.throws(() => parseXml(`<a>${'&'.repeat(100_000)}</a>`), XmlSyntaxError);
    assert.throws(() => parseXml(`<a b="${'x'.repeat(1_000_000)}`), XmlSyntaxError);
    assert.throws(() => parseXml(`<!--${'-'.repeat(100_000)}`), XmlSyntaxError);
    assert.ok(performance.now() - started < 60_000);
  });
});
