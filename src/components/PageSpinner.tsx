import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

interface PageSpinnerProps {
  /** Fill the whole window (auth still loading) rather than the main area (a page chunk loading). */
  fullScreen?: boolean;
}

export function PageSpinner({ fullScreen = false }: PageSpinnerProps) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : 240 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
