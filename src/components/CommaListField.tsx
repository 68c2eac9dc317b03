import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { formatCommaList, parseCommaList } from './comma-list';
import type { WidgetProps } from './resource/presentation';

/**
 * A list typed as comma-separated text, with the store's fixed values not in it yet
 * as chips that add them. The value follows the typing, so a save while the field still has focus
 * sends the list; on blur the text is tidied (trimmed, blanks dropped).
 */
export function CommaListField({
  name,
  label,
  value: given,
  onChange,
  onBlur,
  suggestions = [],
  error,
  disabled,
}: WidgetProps) {
  const value = useMemo(() => (Array.isArray(given) ? (given as string[]) : []), [given]);
  const [text, setText] = useState(() => formatCommaList(value));

  // A reset or an added suggestion changes the value from outside: show it, unless it is what was typed.
  useEffect(() => {
    setText((current) =>
      formatCommaList(parseCommaList(current)) === formatCommaList(value) ? current : formatCommaList(value),
    );
  }, [value]);

  const missing = suggestions.filter((s) => !value.some((v) => v.toLowerCase() === s.toLowerCase()));
  const helper = error ?? 'Comma separated';

  return (
    <Box>
      <TextField
        name={name}
        label={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseCommaList(event.target.value));
        }}
        onBlur={() => {
          setText(formatCommaList(parseCommaList(text)));
          onBlur();
        }}
        error={Boolean(error)}
        helperText={helper}
        disabled={disabled}
        fullWidth
        size="small"
      />
      {missing.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {missing.map((suggestion) => (
            <Chip
              key={suggestion}
              label={`+ ${suggestion}`}
              size="small"
              variant="outlined"
              disabled={disabled}
              aria-label={`Add ${label.toLowerCase()} ${suggestion}`}
              onClick={() => onChange([...value, suggestion])}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
