import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CrudFilter } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_FIELD } from '../../providers/data-provider/list-query';
import type { FieldOption, ResourceDefinition, StoreRecord } from './definition';

/** Typing pauses this long before the list asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;

export interface SelectFilter {
  field: string;
  label: string;
  /** The first option, meaning no filter ('All'). */
  allLabel: string;
  options: readonly FieldOption[];
}

interface ListFiltersProps {
  /** The filter bar's accessible name ('Filter orders'). */
  label: string;
  search?: { label: string; placeholder?: string };
  selects?: SelectFilter[];
  onChange: (filters: CrudFilter[]) => void;
}

/** A list's search box and select filters, applied by the server; only the filters in use are sent. */
export function ListFilters({ label, search, selects = [], onChange }: ListFiltersProps) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const first = useRef(true);

  // Selects apply at once; typing waits for a pause (or Enter) so each key is not a request.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const filters: CrudFilter[] = query ? [{ field: SEARCH_FIELD, operator: 'contains', value: query }] : [];
    for (const [field, value] of Object.entries(chosen)) if (value) filters.push({ field, operator: 'eq', value });
    onChange(filters);
  }, [query, chosen, onChange]);

  return (
    <Box role="search" aria-label={label} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      {search && (
        <TextField
          size="small"
          label={search.label}
          placeholder={search.placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setQuery(text.trim());
          }}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {selects.map(({ field, label: selectLabel, allLabel, options }) => (
        <TextField
          key={field}
          select
          size="small"
          label={selectLabel}
          value={chosen[field] ?? ''}
          onChange={(event) => setChosen((current) => ({ ...current, [field]: event.target.value }))}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{allLabel}</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** The search box and select filters a definition's fields ask for. */
export function listFiltersOf<T extends StoreRecord>({ fields, texts }: ResourceDefinition<T>) {
  const searched = Object.values(fields).filter((field) => field.filter === 'search');
  const title = texts.title.toLowerCase();
  const search = searched.length
    ? { label: texts.searchLabel ?? `Search ${title}`, placeholder: texts.searchPlaceholder ?? searched.map((field) => field.label).join(' or ') }
    : undefined;
  const selects: SelectFilter[] = Object.entries(fields).flatMap(([field, spec]) =>
    spec.filter === 'select' || spec.filter === 'boolean'
      ? [{ field, label: spec.filterLabel ?? spec.label, allLabel: spec.allLabel ?? 'All', options: spec.options ?? YES_NO }]
      : [],
  );
  return { label: `Filter ${title}`, search, selects };
}
