import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ListHeaderProps {
  title: string;
  subtitle?: string;
  /** The add button's text; no button without it. */
  add?: string;
  onAdd?: () => void;
  /** The add page's path: the button is then a link to it. */
  addHref?: string;
  children?: ReactNode;
}

/** A list screen's title, subtitle and add button. */
export function ListHeader({ title, subtitle, add, onAdd, addHref, children }: ListHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Box>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
      </Box>
      {children}
      {add && (
        <Button variant="contained" startIcon={<AddIcon />} {...(addHref ? { component: Link, to: addHref } : { onClick: onAdd })}>
          {add}
        </Button>
      )}
    </Box>
  );
}
