import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** The 403 screen: a page the signed-in role may not use, reached by its address (the menus do not offer it). */
export function AccessDenied() {
  return (
    <Box
      component="section"
      aria-label="Access denied"
      sx={{ display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center', py: 8 }}
    >
      <Typography variant="h2" component="p" fontWeight={700} color="text.secondary">
        403
      </Typography>
      <Typography variant="h5" component="h1">
        You do not have access to this page
      </Typography>
      <Typography color="text.secondary">
        Your role cannot use this part of the console. Ask an admin if you need it.
      </Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 1 }}>
        Back to Dashboard
      </Button>
    </Box>
  );
}
