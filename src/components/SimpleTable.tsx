import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One column of a SimpleTable: its header, and what a row shows in it. */
export interface TableColumn<T> {
  label: string;
  value: (row: T, index: number) => ReactNode;
  /** Numbers read right-aligned. */
  align?: 'right';
  /** The header's width, where the column's content should not decide it (a quantity field, a button). */
  width?: number;
  /** The body cells' own props (a tick box's padding). */
  cell?: TableCellProps;
}

/**
 * A small table (an order's items, a variant's sizes, a SKU's movements): a header, then a row per item;
 * `empty`: its words instead when there is no row. In a `box` it scrolls sideways on a phone, 'framed' too.
 */
export function SimpleTable<T>({
  label,
  columns,
  rows,
  rowKey = (_row, index) => index,
  empty,
  box,
}: {
  label?: string;
  columns: TableColumn<T>[];
  rows: readonly T[];
  rowKey?: (row: T, index: number) => string | number;
  empty?: string;
  box?: 'scrolls' | 'framed';
}) {
  if (empty !== undefined && rows.length === 0) return <Typography variant="body2">{empty}</Typography>;
  const framed = box === 'framed' && { border: 1, borderColor: 'divider', borderRadius: 1 };
  const table = (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column, at) => (
            <TableCell key={at} align={column.align} sx={column.width ? { width: column.width } : undefined}>
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row, index)}>
            {columns.map((column, at) => (
              <TableCell key={at} align={column.align} {...column.cell}>
                {column.value(row, index)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return box ? <TableContainer sx={[framed]}>{table}</TableContainer> : table;
}
