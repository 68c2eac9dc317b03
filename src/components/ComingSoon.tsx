import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './resource/PageHeader';

/** A screen that exists in the product's plan but not yet in the console. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <Box component="section" aria-label={title}>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
        <ConstructionIcon color="disabled" sx={{ fontSize: 48, mb: 2 }} />
        <Typography variant="h6" component="p">
          Coming soon
        </Typography>
        <Typography color="text.secondary">{description}</Typography>
      </Paper>
    </Box>
  );
}
