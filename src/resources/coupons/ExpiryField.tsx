import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { WidgetProps } from '../../components/resource/definition';
import { widgetFor } from '../../components/resource/widgets';

const DateWidget = widgetFor('date');

/** A coupon's expiry: a date, or No expiry (null), for a code that never runs out. */
export function ExpiryField(props: WidgetProps) {
  const never = props.value === null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={never}
            onChange={(event) => props.onChange(event.target.checked ? null : '')}
            disabled={props.disabled}
            slotProps={{ input: { role: 'switch' } }}
          />
        }
        label="No expiry"
      />
      {!never && <DateWidget {...props} />}
    </Box>
  );
}
