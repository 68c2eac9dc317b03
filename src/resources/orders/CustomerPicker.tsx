import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useList, useOne } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { WidgetProps } from '../../components/resource/presentation';
import type { SessionUser } from '../../domain';

type NewCustomer = { fullname: string; email: string; phone: string };
const NEW_CUSTOMER: NewCustomer = { fullname: '', email: '', phone: '' };
const NEW_FIELDS: [keyof NewCustomer, string, string][] = [
  ['fullname', 'Full name', 'text'],
  ['email', 'Email', 'email'],
  ['phone', 'Phone', 'tel'],
];

/**
 * The order's customer: one found by name or email (its id), or a new one typed in (full name, email,
 * phone), whom the order's save adds. `?customer=<id>` in the address (a customer's page) chooses one.
 */
export function CustomerPicker({ value, onChange, onBlur, error, disabled, label, autoFocus }: WidgetProps) {
  const [params] = useSearchParams();
  const given = params.get('customer');
  const adding = typeof value === 'object' && value !== null;
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<SessionUser | null>(null);
  const { result, query } = useList<SessionUser>({
    resource: 'users',
    filters: [
      { field: 'role', operator: 'eq', value: 'customer' },
      { field: 'q', operator: 'contains', value: typed.trim() },
    ],
    pagination: { currentPage: 1, pageSize: 8 },
    queryOptions: { enabled: !adding },
  });
  const preset = useOne<SessionUser>({ resource: 'users', id: given ?? '', queryOptions: { enabled: Boolean(given) } });
  useEffect(() => {
    if (preset.result && value === '') {
      setChosen(preset.result);
      onChange(preset.result._id);
    }
  }, [preset.result, value, onChange]);

  if (adding) {
    const customer = value as NewCustomer;
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <Box component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
          New customer
        </Box>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr 1fr' } }}>
          {NEW_FIELDS.map(([field, fieldLabel, type], index) => (
            <TextField
              key={field}
              label={fieldLabel}
              type={type}
              size="small"
              required={field !== 'phone'}
              autoFocus={index === 0}
              disabled={disabled}
              value={customer[field]}
              onChange={(event) => onChange({ ...customer, [field]: event.target.value })}
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
          Find a customer instead
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Autocomplete
        sx={{ flex: 1, minWidth: 260 }}
        // Only the answer to what is typed now: a slower answer to an earlier text must not be chosen by Enter.
        options={query.isFetching ? [] : result.data}
        loading={query.isFetching}
        value={chosen}
        filterOptions={(options) => options}
        isOptionEqualToValue={(option, other) => option._id === other._id}
        getOptionLabel={(user) => `${user.fullname} · ${user.email}`}
        onInputChange={(_event, text, reason) => reason === 'input' && setTyped(text)}
        onChange={(_event, user) => {
          setChosen(user);
          onChange(user?._id ?? '');
        }}
        disabled={disabled}
        noOptionsText={typed ? 'No customer matches' : 'Type a name or an email'}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            size="small"
            required
            autoFocus={autoFocus}
            error={Boolean(error)}
            helperText={error ?? 'Search by name or email'}
            onBlur={onBlur}
          />
        )}
      />
      <Button variant="outlined" onClick={() => onChange({ ...NEW_CUSTOMER })} disabled={disabled} sx={{ mt: 0.25 }}>
        New customer
      </Button>
    </Box>
  );
}
