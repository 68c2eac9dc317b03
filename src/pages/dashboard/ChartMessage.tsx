import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface ChartMessageProps {
  height: number;
  message: string;
  tone?: 'normal' | 'error';
}

/** Stands where a chart goes while it loads, when there is nothing to draw, or when it failed; keeps the card's height. */
export function ChartMessage({ height, message, tone = 'normal' }: ChartMessageProps) {
  return (
    <Box sx={{ height, display: 'grid', placeItems: 'center', textAlign: 'center', px: 2 }} role={tone === 'error' ? 'alert' : 'status'}>
      <Typography color={tone === 'error' ? 'error' : 'text.secondary'}>{message}</Typography>
    </Box>
  );
}
