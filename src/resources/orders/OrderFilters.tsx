import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CrudFilter } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '../../domain';
import { SEARCH_FIELD } from '../../providers/data-provider/list-query';

/** Typing pauses this long before the list asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;

interface OrderFiltersProps {
  onChange: (filters: CrudFilter[]) => void;
}

/** Search (order id, customer name or email) and the order-status and payment-status filters, applied by the server. */
export function OrderFilters({ onChange }: OrderFiltersProps) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [paymentStatus, setPaymentStatus] = useState<PaymentStatus | ''>('');
  const applied = useRef({ search: '', status: '' as OrderStatus | '', paymentStatus: '' as PaymentStatus | '' });
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  /** Only the filters in use go to the list, so the unfiltered list is the one it started with. */
  const apply = (next: Partial<typeof applied.current>) => {
    applied.current = { ...applied.current, ...next };
    const { search: q, status: s, paymentStatus: p } = applied.current;
    const filters: CrudFilter[] = [];
    if (q) filters.push({ field: SEARCH_FIELD, operator: 'contains', value: q });
    if (s) filters.push({ field: 'status', operator: 'eq', value: s });
    if (p) filters.push({ field: 'paymentStatus', operator: 'eq', value: p });
    onChange(filters);
  };
  const applySearchNow = (text: string) => {
    clearTimeout(searchTimer.current);
    if (text.trim() !== applied.current.search) apply({ search: text.trim() });
  };

  return (
    <Box role="search" aria-label="Filter orders" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <TextField
        size="small"
        label="Search orders"
        placeholder="Order id, customer name or email"
        value={search}
        onChange={(event) => {
          const text = event.target.value;
          setSearch(text);
          clearTimeout(searchTimer.current);
          searchTimer.current = setTimeout(() => applySearchNow(text), SEARCH_DEBOUNCE_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') applySearchNow(search);
        }}
        sx={{ flex: '1 1 280px', maxWidth: 420 }}
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
      <TextField
        select
        size="small"
        label="Order status"
        value={status}
        onChange={(event) => {
          const next = event.target.value as OrderStatus | '';
          setStatus(next);
          apply({ status: next });
        }}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">All statuses</MenuItem>
        {ORDER_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {ORDER_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Payment status"
        value={paymentStatus}
        onChange={(event) => {
          const next = event.target.value as PaymentStatus | '';
          setPaymentStatus(next);
          apply({ paymentStatus: next });
        }}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">All payments</MenuItem>
        {PAYMENT_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {PAYMENT_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
