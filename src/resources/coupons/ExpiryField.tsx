import Box from '@mui/material/Box';
import type { WidgetProps } from '../../components/resource/presentation';
import { widgetFor } from '../../components/resource/widgets';

const DateWidget = widgetFor('date');
const SwitchWidget = widgetFor('switch');

/** A coupon's expiry: a date, or No expiry (null, as a blank date is too), for a code that never runs out. */
export function ExpiryField(props: WidgetProps) {
  const never = props.value === null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <SwitchWidget
        {...props}
        label="No expiry"
        value={never}
        onChange={(checked) => props.onChange(checked ? null : '')}
      />
      {!never && <DateWidget {...props} />}
    </Box>
  );
}
