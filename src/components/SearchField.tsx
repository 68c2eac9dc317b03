import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A small text field led by the search icon: the header's search (inside an Autocomplete, whose input props it keeps) and a list's. */
export function SearchField({ slotProps, ...props }: TextFieldProps) {
  const icon = (
    <InputAdornment position="start">
      <Search fontSize="small" />
    </InputAdornment>
  );
  return <TextField size="small" {...props} slotProps={{ ...slotProps, input: { ...slotProps?.input, startAdornment: icon } }} />;
}
