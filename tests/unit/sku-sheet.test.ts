import { describe, expect, it } from 'vitest';
import { parseTsv, pastedNumber, placeBlock } from '../../src/components/resource/sheet/paste';

describe('the SKU grid’s paste', () => {
  it('reads a spreadsheet’s block: tabs, CRLF or LF, the trailing newline dropped', () => {
    expect(parseTsv('610\t999\r\n620\t999\r\n')).toEqual([
      ['610', '999'],
      ['620', '999'],
    ]);
    expect(parseTsv('1\t2\n3\t4')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseTsv('5')).toEqual([['5']]);
    expect(parseTsv('\t7\n')).toEqual([['', '7']]);
    expect(parseTsv('')).toEqual([]);
  });

  it('reads quoted cells with tabs, line breaks and doubled quotes as one cell', () => {
    expect(parseTsv('"a\tb"\t"line\r\nbreak"\t"say ""hi"""\n1\t2\t3\n')).toEqual([
      ['a\tb', 'line\r\nbreak', 'say "hi"'],
      ['1', '2', '3'],
    ]);
    // A quote inside a cell that did not start with one is the character itself.
    expect(parseTsv('5" tee\t9')).toEqual([['5" tee', '9']]);
  });

  it('reads numbers as spreadsheets format them; blank is null, text is not a number', () => {
    expect(pastedNumber('₹1,299.50')).toBe(1299.5);
    expect(pastedNumber(' 42 ')).toBe(42);
    expect(pastedNumber('Rs. 999')).toBe(999);
    expect(pastedNumber('-3')).toBe(-3);
    expect(pastedNumber('')).toBeNull();
    expect(pastedNumber('twelve')).toBeUndefined();
    expect(pastedNumber('1.2.3')).toBeUndefined();
  });

  it('lands a block from the focused cell, leaving read-only columns and rows past the last', () => {
    const fields = ['sku', 'price', 'mrp', 'status'];
    const editable = (field: string) => field === 'price' || field === 'mrp';
    expect(
      placeBlock(
        [
          ['1', '2', 'x'],
          ['3', '4', 'y'],
          ['5', '6', 'z'],
        ],
        { row: 'B', field: 'price' },
        ['A', 'B', 'C'],
        fields,
        editable,
      ),
    ).toEqual({
      cells: [
        { row: 'B', field: 'price', text: '1' },
        { row: 'B', field: 'mrp', text: '2' },
        { row: 'C', field: 'price', text: '3' },
        { row: 'C', field: 'mrp', text: '4' },
      ],
      skipped: 2,
      overflow: 1,
    });
  });
});
