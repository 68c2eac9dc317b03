import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PRODUCT_CATEGORIES, PRODUCT_STATUSES, PRODUCT_STATUS_LABELS } from '../../domain';

export interface ProductFilterValues {
  search: string;
  /** '' is All. */
  category: string;
  status: string;
}

interface ProductFiltersProps {
  values: ProductFilterValues;
  onChange: (values: ProductFilterValues) => void;
}

/** Search by name, and the category (the store's own list, DESIGN.md 5.6) and status filters. */
export function ProductFilters({ values, onChange }: ProductFiltersProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }} role="search" aria-label="Filter products">
      <TextField
        label="Search products"
        placeholder="Search by name..."
        size="small"
        value={values.search}
        onChange={(event) => onChange({ ...values, search: event.target.value })}
        sx={{ flex: '1 1 260px' }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label="Category"
        size="small"
        value={values.category}
        onChange={(event) => onChange({ ...values, category: event.target.value })}
        sx={{ flex: '0 1 200px' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All</MenuItem>
        {PRODUCT_CATEGORIES.map((category) => (
          <MenuItem key={category} value={category}>
            {category}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Status"
        size="small"
        value={values.status}
        onChange={(event) => onChange({ ...values, status: event.target.value })}
        sx={{ flex: '0 1 180px' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All</MenuItem>
        {PRODUCT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {PRODUCT_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
