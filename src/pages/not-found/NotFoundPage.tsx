import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export default function NotFoundPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}>
      <Box>
        <Typography variant="h2" component="h1" fontWeight={700}>
          404
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" gutterBottom>
          Oops! Page not found
        </Typography>
        <Link component={RouterLink} to="/">
          Return to Home
        </Link>
      </Box>
    </Box>
  );
}
