import Typography, { type TypographyProps } from '@mui/material/Typography';

/** Small grey text: a note beside a value, a list's words while it is empty, a form's introduction. */
export function Muted(props: TypographyProps) {
  return <Typography variant="body2" color="text.secondary" {...props} />;
}
