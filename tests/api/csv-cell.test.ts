import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../src/server/services/csv-export';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['|cmd', "'|cmd"],
    ['\tTab', "'\tTab"],
    ['\rCR', `"'\rCR"`],
    ['   =1', "'   =1"],
    ['\u00A0=1', "'\u00A0=1"],
    ['\u3000=1', "'\u3000=1"],
    ['\u200B=1', "'\u200B=1"],
    ['\u200C=1', "'\u200C=1"],
    ['\u200D+1', "'\u200D+1"],
    ['\u2060-1', "'\u2060-1"],
    ['\uFEFF@cmd', "'\uFEFF@cmd"],
    [' \u200B =1', "' \u200B =1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20cmd', "'\uFF20cmd"],
    ['\uFF5Ccmd', "'\uFF5Ccmd"],
    ['\uFE661', "'\uFE661"],
    ['\uFE621', "'\uFE621"],
    ['\uFE631', "'\uFE631"],
    ['\uFE6Bcmd', "'\uFE6Bcmd"],
    ['\u22121', "'\u22121"],
  ])('neutralises %j, whose first visible character starts a formula', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it.each([
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['a;=1', '"a;=1"'],
    ['Quote "this"', '"Quote ""this"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['line\rbreak', '"line\rbreak"'],
    ['=1;2', `"'=1;2"`],
  ])('quotes %j, which holds a separator, a quote or a line break', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it.each(['Zebra tee', 'a=1', 'x-y', 'user@example.com', '  spaced', '\u200Bhidden', 'Café ☕', ''])(
    'leaves ordinary text %j as it is',
    (text) => {
      expect(csvCell(text)).toBe(text);
    },
  );

  it('writes numbers, money and dates as they are, a negative one included', () => {
    expect(csvCell(-2, 'number')).toBe('-2');
    expect(csvCell(-12.5, 'money')).toBe('-12.50');
    expect(csvCell(new Date('2026-03-15T12:00:00Z'), 'date')).toBe('2026-03-15T12:00:00.000Z');
    expect(csvCell(null)).toBe('');
  });

  it.each([
    ["'=1", "''=1"],
    ["''+1", "'''+1"],
  ])('neutralises %j too, so that reading it back gives the text', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('reads back every text it writes (the import reads our own export)', () => {
    const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom("'", "'=", "''-1", '=1', "'abc", ' =x')), (text) => {
        expect(csvText(unquoted(csvCell(text)))).toBe(text);
      }),
    );
    // A formula typed in a spreadsheet (no `'`) is read as the text it is.
    expect(csvText('=1+1')).toBe('=1+1');
    expect(csvText("'abc")).toBe("'abc");
  });
});
