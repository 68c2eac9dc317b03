import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** `fullScreen` fills the whole window (auth still loading) rather than the main area (a page chunk loading). */
export function PageSpinner({ fullScreen = false, label = 'Loading' }: { fullScreen?: boolean; label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : 240 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
