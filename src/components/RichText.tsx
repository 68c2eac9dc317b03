import Box from '@mui/material/Box';

/**
 * Rich text as it reads once written (what RichTextField makes: a blog's content), from HTML already made
 * safe: body text, with its images fitted, and its tables, quotes and links styled.
 */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        mt: 2,
        typography: 'body1',
        lineHeight: 1.7,
        '& img': { maxWidth: '100%', height: 'auto' },
        '& table': { borderCollapse: 'collapse', my: 2 },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'left' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, my: 2, pl: 2, color: 'text.secondary' },
        '& a': { color: 'primary.main' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
