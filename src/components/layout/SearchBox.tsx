import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** The header search: local text only, it makes no call (SPEC.md section 2). */
export function SearchBox() {
  const [text, setText] = useState('');
  return (
    <TextField
      size="small"
      type="search"
      placeholder="Search products, orders, customers..."
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ width: { xs: 180, sm: 320 } }}
      slotProps={{
        htmlInput: { 'aria-label': 'Search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
