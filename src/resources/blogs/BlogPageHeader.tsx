import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

interface BlogPageHeaderProps {
  title: string;
}

/** The heading of a blog screen, with the way back to Manage Blogs. */
export function BlogPageHeader({ title }: BlogPageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Button component={Link} to="/blog" startIcon={<ArrowBack />}>
        Back to blogs
      </Button>
    </Box>
  );
}
