import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { NOTIFICATION_DEFAULTS } from '../domain';

const TONES = ['success', 'error', 'warning', 'info'] as const;
const ThemedToast = styled(MaterialDesignContent)(({ theme }) =>
  Object.fromEntries(TONES.map((tone) => [`&.notistack-MuiContent-${tone}`, { backgroundColor: theme.palette[tone].main }])),
);

/**
 * The one toast stack above every screen (Refine's notification provider writes to it), so a toast
 * raised on the sign-in page stays up while the console loads. notistack is used directly rather
 * than through @refinedev/mui, which would pull all of Refine into the sign-in page.
 */
export function SnackbarRoot({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      maxSnack={NOTIFICATION_DEFAULTS.maxVisible}
      Components={{ default: ThemedToast, success: ThemedToast, error: ThemedToast, warning: ThemedToast, info: ThemedToast }}
    >
      {children}
    </SnackbarProvider>
  );
}
