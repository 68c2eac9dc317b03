import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';

/** The search icon leading a search box (a module of its own: the header's box shows it without loading TextField). */
export const searchAdornment = (
  <InputAdornment position="start">
    <Search fontSize="small" />
  </InputAdornment>
);
