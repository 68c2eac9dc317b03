import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useOne } from '@refinedev/core';
import { useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import type { StoreRecord, WidgetProps } from './presentation';
import { RecordSearch, type RecordSearchProps } from './RecordSearch';

/** A field of a record typed in where none is found: its name, label, input type and whether it must be filled. */
interface NewRecordField {
  name: string;
  label: string;
  type?: 'email' | 'tel';
  required?: boolean;
}

export interface RecordPickerSpec<T extends StoreRecord> extends Pick<
  RecordSearchProps<T>,
  'resource' | 'filters' | 'optionLabel' | 'noMatch' | 'prompt'
> {
  /** Under the search box. */
  helper: string;
  /** `?<param>=<id>` in the address chooses that record as the form opens (a customer's page starting an order). */
  param?: string;
  /** A new record typed in instead, which the form's save adds: its heading, fields, the button to it and the one back. */
  create?: { title: string; fields: NewRecordField[]; button: string; back: string };
}

/**
 * A form widget choosing one record of another resource: found by search (its id is the value), or, where
 * the spec allows, a new one typed in (an object of its fields).
 */
export function recordPicker<T extends StoreRecord>(spec: RecordPickerSpec<T>): ComponentType<WidgetProps> {
  const { helper, param, create, ...search } = spec;
  return function RecordPicker({ value, onChange, onBlur, error, disabled, label, autoFocus }: WidgetProps) {
    const [params] = useSearchParams();
    const given = param ? params.get(param) : null;
    const [chosen, setChosen] = useState<T | null>(null);
    const preset = useOne<T>({ resource: spec.resource, id: given ?? '', queryOptions: { enabled: Boolean(given) } });
    useEffect(() => {
      if (preset.result && value === '') {
        setChosen(preset.result);
        onChange(preset.result._id);
      }
    }, [preset.result, value, onChange]);

    if (create && typeof value === 'object' && value !== null) {
      const typed = value as Record<string, string>;
      return (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          <Box component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
            {create.title}
          </Box>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: `repeat(${create.fields.length}, 1fr)` } }}>
            {create.fields.map((field, index) => (
              <TextField
                key={field.name}
                label={field.label}
                type={field.type ?? 'text'}
                size="small"
                required={field.required}
                autoFocus={index === 0}
                disabled={disabled}
                value={typed[field.name]}
                onChange={(event) => onChange({ ...typed, [field.name]: event.target.value })}
                onBlur={onBlur}
              />
            ))}
          </Box>
          {error && (
            <Box role="alert" sx={{ color: 'error.main', typography: 'caption' }}>
              {error}
            </Box>
          )}
          <Button size="small" sx={{ justifySelf: 'start' }} onClick={() => onChange('')} disabled={disabled}>
            {create.back}
          </Button>
        </Box>
      );
    }
    return (
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <RecordSearch<T>
          {...search}
          sx={{ flex: 1, minWidth: 260 }}
          pageSize={8}
          chosen={chosen}
          onChoose={(record) => {
            setChosen(record);
            onChange(record?._id ?? '');
          }}
          disabled={disabled}
          label={label}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? helper}
          onBlur={onBlur}
        />
        {create && (
          <Button
            variant="outlined"
            onClick={() => onChange(Object.fromEntries(create.fields.map((field) => [field.name, ''])))}
            disabled={disabled}
            sx={{ mt: 0.25 }}
          >
            {create.button}
          </Button>
        )}
      </Box>
    );
  };
}
