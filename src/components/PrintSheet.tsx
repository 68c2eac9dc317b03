import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { ReactNode } from 'react';

const SHEET = 'print-sheet';

/**
 * Printing shows the sheet alone: the console around it is hidden, the sheet fills the page, and the page
 * box fits A4 and US Letter alike (the printer's paper size, with margins both have).
 */
const PRINT_STYLES = {
  '@page': { size: 'auto', margin: '12mm' },
  '@media print': {
    'body *': { visibility: 'hidden' },
    [`#${SHEET}, #${SHEET} *`]: { visibility: 'visible' },
    [`#${SHEET}`]: { position: 'absolute', top: 0, left: 0, width: '100%', color: '#000', background: '#fff' },
    '.no-print': { display: 'none !important' },
  },
} as const;

/** A page made to be printed (a packing slip): its heading, a Print button once there is something to print, then the sheet. */
export function PrintSheet({
  label,
  heading,
  ready,
  children,
}: {
  label: string;
  /** Beside the Print button, which shows on screen only. */
  heading: ReactNode;
  ready: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={label}
      id={SHEET}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, maxWidth: 820 }}
    >
      <GlobalStyles styles={PRINT_STYLES} />
      <Box
        sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        {heading}
        <Button
          className="no-print"
          variant="contained"
          startIcon={<PrintOutlined />}
          onClick={() => window.print()}
          disabled={!ready}
        >
          Print
        </Button>
      </Box>
      {children}
    </Box>
  );
}

/** An empty box to tick by hand on the printed sheet. */
export function TickBox() {
  return (
    <Box aria-hidden sx={{ width: 16, height: 16, border: 1.5, borderColor: 'text.primary', borderRadius: 0.5 }} />
  );
}
