/**
 * The spreadsheet editing's arithmetic, apart from the grid: the clipboard's tab-separated text as rows
 * of cells, a pasted cell as a number, and where a pasted block lands.
 */

/**
 * Tab-separated text as Excel, Google Sheets and LibreOffice put a block of cells on the clipboard: rows
 * split at CRLF or LF, cells at tabs, the newline after the last row dropped. A cell in double quotes
 * may hold tabs and newlines, with `""` for a quote (what Excel writes for a cell with a line break).
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === '\t') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  // The last row, unless the text ended with its newline.
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/**
 * A pasted cell as a number: spaces, thousands separators and a currency sign (₹, $, €, £, Rs.) are
 * ignored; a blank cell is null (a low line: the store's). Anything else is undefined (not a number).
 */
export function pastedNumber(cell: string): number | null | undefined {
  const plain = cell.replace(/rs\.?|[₹$€£,\s]/gi, '');
  if (plain === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : undefined;
}

/** One cell a paste writes. */
export interface PastedCell {
  row: string;
  field: string;
  text: string;
}

/**
 * Where a block lands with its top-left cell at (`row`, `field`): each cell on the row and column that
 * far down and across, among the grid's `rows` and `fields` in their shown order. Cells of columns that
 * cannot be edited are left (`skipped`), rows past the last one shown are dropped (`overflow`).
 */
export function placeBlock(
  block: string[][],
  at: { row: string; field: string },
  rows: readonly string[],
  fields: readonly string[],
  editable: (field: string) => boolean,
): { cells: PastedCell[]; skipped: number; overflow: number } {
  const top = rows.indexOf(at.row);
  const left = fields.indexOf(at.field);
  const cells: PastedCell[] = [];
  let skipped = 0;
  let overflow = 0;
  block.forEach((line, down) => {
    const row = rows[top + down];
    if (row === undefined) {
      overflow++;
      return;
    }
    line.forEach((text, across) => {
      const field = fields[left + across];
      if (field !== undefined && editable(field)) cells.push({ row, field, text });
      else skipped++;
    });
  });
  return { cells, skipped, overflow };
}
