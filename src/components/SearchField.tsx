import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { searchAdornment } from './SearchAdornment';

/** A small text field led by the search icon: the header's search (inside an Autocomplete, whose input props it keeps) and a list's. */
export function SearchField({ slotProps, ...props }: TextFieldProps) {
  return (
    <TextField
      size="small"
      {...props}
      slotProps={{ ...slotProps, input: { ...slotProps?.input, startAdornment: searchAdornment } }}
    />
  );
}
