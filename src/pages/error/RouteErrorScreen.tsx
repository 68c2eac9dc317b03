import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's fallback when a screen throws. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  return (
    <Box component="main" role="alert" sx={{ p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography component="h2" variant="h6" color="error" sx={{ fontStyle: 'italic' }}>
        {describe(error)}
      </Typography>
    </Box>
  );
}
