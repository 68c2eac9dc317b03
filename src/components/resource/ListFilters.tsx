import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useList, type CrudFilter } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { afterPause } from '../after-pause';
import { SearchField } from '../SearchField';
import { SEARCH_FIELD } from '../../providers/data-provider/list-query';
import type { FieldOption, FieldSpec, ResourcePresentation, StoreRecord } from './presentation';
import { useTexts } from './texts';

const SEARCH_DEBOUNCE_MS = 300;

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

interface ListFiltersProps<T extends StoreRecord> {
  presentation: ResourcePresentation<T>;
  /** The grid's filters (from the query string): the controls show them. */
  filters: CrudFilter[];
  onChange: (filters: CrudFilter[]) => void;
}

const valueOf = (filters: CrudFilter[], field: string) =>
  String(filters.find((filter) => 'field' in filter && filter.field === field)?.value ?? '');

interface SelectFilterProps {
  spec: FieldSpec<never>;
  value: string;
  onChange: (value: string) => void;
}

/** A select filter over fixed choices (Yes/No for a boolean). */
function SelectFilter({ spec, value, onChange, options }: SelectFilterProps & { options?: readonly FieldOption[] }) {
  if (spec.optionsFrom && !options) return <RecordSelectFilter spec={spec} value={value} onChange={onChange} />;
  const choices = options ?? spec.options ?? YES_NO;
  return (
    <TextField
      select
      size="small"
      label={spec.filterLabel ?? spec.label}
      value={choices.some((choice) => choice.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{spec.allLabel ?? 'All'}</MenuItem>
      {choices.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A select filter whose choices are another resource's records (the audit log's staff members), read once. */
function RecordSelectFilter(props: SelectFilterProps) {
  const source = props.spec.optionsFrom!;
  const { result } = useList<Record<string, unknown>>({
    resource: source.resource,
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: source.label, order: 'asc' }],
  });
  const options = (result?.data ?? []).map((record) => ({
    value: String(record._id ?? record.id),
    label: String(record[source.label] ?? ''),
  }));
  return <SelectFilter {...props} options={options} />;
}

/** The search box and select filters the declared fields ask for, applied by the server; only the filters in use are sent. */
export function ListFilters<T extends StoreRecord>({ presentation, filters, onChange }: ListFiltersProps<T>) {
  const { fields } = presentation;
  const texts = useTexts(presentation);
  const query = valueOf(filters, SEARCH_FIELD);
  const [text, setText] = useState(query);
  // The grid's search changed from elsewhere (Back, a link): the box follows.
  useEffect(() => setText(query), [query]);
  const apply = (field: string, value: string) => {
    const others = filters.filter((filter) => !('field' in filter) || filter.field !== field);
    onChange(value ? [...others, { field, operator: field === SEARCH_FIELD ? 'contains' : 'eq', value }] : others);
  };
  // Selects apply at once; typing waits for a pause (or Enter) so each key is not a request. The pause counts
  // from the last key only (other renders, a page loading, do not restart it) and applies the latest filters;
  // a row opened in the pause takes the search away with the list.
  const search = useRef(() => {});
  useEffect(() => {
    search.current = () => text.trim() !== query && apply(SEARCH_FIELD, text.trim());
  });
  useEffect(() => afterPause(() => search.current(), SEARCH_DEBOUNCE_MS), [text]);

  const searched = Object.values(fields).filter((field) => field.filter === 'search');
  const selects = Object.entries(fields).filter(([, spec]) => spec.filter && spec.filter !== 'search');
  if (searched.length === 0 && selects.length === 0) return null;
  const title = texts.title.toLowerCase();
  return (
    <Box role="search" aria-label={`Filter ${title}`} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      {searched.length > 0 && (
        <SearchField
          label={texts.searchLabel ?? `Search ${title}`}
          placeholder={texts.searchPlaceholder ?? searched.map((field) => field.label).join(' or ')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply(SEARCH_FIELD, text.trim());
          }}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
        />
      )}
      {selects.map(([field, spec]) =>
        spec.filter === 'date' ? (
          <TextField
            key={field}
            type="date"
            size="small"
            label={spec.filterLabel ?? spec.label}
            value={valueOf(filters, field)}
            onChange={(event) => apply(field, event.target.value)}
            sx={{ minWidth: 160 }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ) : (
          <SelectFilter
            key={field}
            spec={spec}
            value={valueOf(filters, field)}
            onChange={(value) => apply(field, value)}
          />
        ),
      )}
    </Box>
  );
}
