// Where a JSON text stops being JSON. Node's JSON.parse names a position for some errors only
// ("Unexpected token ',', ..."x": ,"... is not valid JSON" has none), so this small scanner finds it.

/** {line, column} (1-based) of the first JSON syntax error in `text`, or null when it is valid JSON. */
export function jsonErrorLocation(text) {
  let i = 0;
  const fail = () => {
    throw i;
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const expect = (c) => (text[i] === c ? i++ : fail());
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    expect('"');
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return i++;
      for (;;) {
        ws();
        string();
        ws();
        expect(':');
        value();
        ws();
        if (text[i] === ',') i++;
        else return expect('}');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else return expect(']');
      }
    }
    if (c === '"') return string();
    for (const literal of ['true', 'false', 'null']) if (text.startsWith(literal, i)) return (i += literal.length);
    const number = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
    number.lastIndex = i;
    if (number.test(text)) return (i = number.lastIndex);
    fail();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return null;
  } catch (offset) {
    if (typeof offset !== 'number') throw offset;
    const before = text.slice(0, offset).split('\n');
    return {line: before.length, column: before.at(-1).length + 1};
  }
}
