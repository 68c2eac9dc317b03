import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useList } from '@refinedev/core';
import { useState, type ReactNode } from 'react';
import type { StoreRecord } from './presentation';

export interface RecordSearchProps<T extends StoreRecord> {
  /** The resource whose list answers what is typed (its `q`), with these filters beside it. */
  resource: string;
  filters?: Record<string, unknown>;
  pageSize: number;
  optionLabel: (record: T) => string;
  renderOption?: (record: T) => ReactNode;
  /**
   * The record chosen, which the box shows. Left out, the box keeps none: it empties after each choice,
   * ready for the next (a line added).
   */
  chosen?: T | null;
  onChoose: (record: T | null) => void;
  /** The options' words when nothing matches what is typed, and before anything is typed where they differ. */
  noMatch: string;
  prompt?: string;
  label: string;
  required?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onBlur?: () => void;
  disabled: boolean;
  sx?: SxProps<Theme>;
}

/** A search box over a resource's list: what is typed goes to the server, and its answer is offered to choose from. */
export function RecordSearch<T extends StoreRecord>({
  resource,
  filters = {},
  pageSize,
  optionLabel,
  renderOption,
  chosen,
  onChoose,
  noMatch,
  prompt = noMatch,
  disabled,
  sx,
  ...input
}: RecordSearchProps<T>) {
  const [typed, setTyped] = useState('');
  const keeps = chosen !== undefined;
  const { result, query } = useList<T>({
    resource,
    filters: [
      ...Object.entries(filters).map(([field, value]) => ({ field, operator: 'eq' as const, value })),
      { field: 'q', operator: 'contains', value: typed.trim() },
    ],
    pagination: { currentPage: 1, pageSize },
  });
  return (
    <Autocomplete
      sx={sx}
      // Only the answer to what is typed now: a slower answer to an earlier text must not be chosen by Enter.
      options={query.isFetching ? [] : result.data}
      loading={query.isFetching}
      value={chosen ?? null}
      {...(!keeps && { inputValue: typed })}
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, other) => option._id === other._id}
      getOptionLabel={optionLabel}
      onInputChange={(_event, text, reason) => (keeps ? reason === 'input' : reason !== 'reset') && setTyped(text)}
      onChange={(_event, record) => {
        onChoose(record);
        if (!keeps) setTyped('');
      }}
      renderOption={
        renderOption &&
        (({ key, ...props }, record) => (
          <li key={key} {...props}>
            {renderOption(record)}
          </li>
        ))
      }
      disabled={disabled}
      noOptionsText={typed ? noMatch : prompt}
      renderInput={(params) => <TextField {...params} size="small" {...input} />}
    />
  );
}
