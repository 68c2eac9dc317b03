import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { EditRemoveButtons } from '../EditRemoveButtons';
import { SimpleTable, type TableColumn } from '../SimpleTable';
import type { StoreRecord, WidgetProps } from './presentation';
import { RecordSearch, type RecordSearchProps } from './RecordSearch';

/** What a line's cell may do: show what the form or the server said of the line, and change it. */
export interface LineEdit<L> {
  said?: string;
  change: (line: L) => void;
  disabled: boolean;
}

export interface LinesSpec<L, R extends StoreRecord> {
  /** Where lines come from: the records of a resource, found by search; `helper` is said under it until there is a line. */
  search: Pick<
    RecordSearchProps<R>,
    'resource' | 'filters' | 'pageSize' | 'optionLabel' | 'renderOption' | 'noMatch' | 'label'
  > & {
    helper: string;
  };
  /** The lines with a chosen record added: a new line, or one more of the line it already is. */
  add: (lines: L[], record: R) => L[];
  /** A line's name, one to a line: its Remove button says it ('Remove BEAGLE-TEE-M'). */
  name: (line: L) => string;
  /** The table's accessible name and its columns; a Remove button ends each row. */
  table: string;
  columns: (Omit<TableColumn<L>, 'value'> & { value: (line: L, edit: LineEdit<L>) => ReactNode })[];
  /** Under the table (what the lines come to). */
  footer?: (lines: L[]) => ReactNode;
}

/**
 * A form widget for a list of lines (an order's): a search adds a record as a line, each line shows as a
 * row to change or remove, and what the form or the server said of a line (`field.2.qty`) shows on it.
 */
export function linesEditor<L, R extends StoreRecord>(spec: LinesSpec<L, R>): ComponentType<WidgetProps> {
  const { helper, ...search } = spec.search;
  return function LinesEditor({ value, onChange, error, errorParts, disabled, label }: WidgetProps) {
    const lines = (Array.isArray(value) ? value : []) as L[];
    /** What the form or the server said of line `at`, if anything. */
    const lineError = (at: number) =>
      Object.values(
        (errorParts as Record<number, Record<string, { message?: string }> | undefined> | undefined)?.[at] ?? {},
      )
        .map((part) => part?.message)
        .find(Boolean);
    const columns: TableColumn<L>[] = [
      ...spec.columns.map(({ value: cell, ...column }) => ({
        ...column,
        value: (line: L, at: number) =>
          cell(line, {
            said: lineError(at),
            change: (changed) => onChange(lines.map((other, i) => (i === at ? changed : other))),
            disabled,
          }),
      })),
      {
        label: '',
        width: 48,
        value: (line, at) => (
          <EditRemoveButtons
            name={spec.name(line)}
            onRemove={() => onChange(lines.filter((_, i) => i !== at))}
            disabled={disabled}
            small
          />
        ),
      },
    ];
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <Box component="legend" sx={{ typography: 'subtitle1', fontWeight: 600, mb: 1 }}>
          {label}
        </Box>
        <RecordSearch<R>
          {...search}
          onChoose={(record) => record && onChange(spec.add(lines, record))}
          disabled={disabled}
          error={Boolean(error) && lines.length === 0}
          helperText={lines.length === 0 ? (error ?? helper) : undefined}
        />
        {lines.length > 0 && <SimpleTable label={spec.table} columns={columns} rows={lines} rowKey={spec.name} />}
        {lines.length > 0 && spec.footer?.(lines)}
        {error && lines.length > 0 && !lines.some((_, at) => lineError(at)) && (
          <Typography role="alert" variant="caption" color="error">
            {error}
          </Typography>
        )}
      </Box>
    );
  };
}
