import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

export function SignInPulse() {
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
      aria-busy="true"
      aria-label="Checking your session"
    >
      <Skeleton variant="rounded" animation="pulse" width={400} height={360} />
    </Box>
  );
}
