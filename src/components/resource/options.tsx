import MenuItem from '@mui/material/MenuItem';
import type { FieldOption } from './presentation';

/** A select's choices as its menu's items (a form's select, a filter's, a line's). */
export const optionItems = (options: readonly (FieldOption | string)[]) =>
  options.map((option) => {
    const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
    return (
      <MenuItem key={value} value={value}>
        {label}
      </MenuItem>
    );
  });
