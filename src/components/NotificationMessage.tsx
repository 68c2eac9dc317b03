import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface NotificationMessageProps {
  title: string;
  description?: string;
}

/** A toast's text: the title first, the detail under it. */
export function NotificationMessage({ title, description }: NotificationMessageProps) {
  return (
    <Box>
      <Typography variant="subtitle2" component="p">
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" component="p">
          {description}
        </Typography>
      ) : null}
    </Box>
  );
}
