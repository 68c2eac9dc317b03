import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { NOTIFICATION_DEFAULTS } from '../domain';
import type { Toasts } from './notification-provider';

const TONES = ['success', 'error', 'warning', 'info'] as const;
const ThemedToast = styled(MaterialDesignContent)(({ theme }) =>
  Object.fromEntries(
    // The tone's own text colour: white on the dark theme's light green would be unreadable.
    TONES.map((tone) => [
      `&.notistack-MuiContent-${tone}`,
      { backgroundColor: theme.palette[tone].main, color: theme.palette[tone].contrastText },
    ]),
  ),
);

/** Hands the stack's enqueue and close to SnackbarRoot once mounted, and takes them back when unmounted. */
function Ready({ onReady }: { onReady: (toasts: Toasts | undefined) => void }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(() => {
    onReady({ enqueue: enqueueSnackbar, close: closeSnackbar });
    return () => onReady(undefined);
  }, [onReady, enqueueSnackbar, closeSnackbar]);
  return null;
}

/** notistack's stack in the theme's tones, bottom right, at most three at once (SnackbarRoot loads it with the first toast). */
export default function ToastStack({ onReady }: { onReady: (toasts: Toasts | undefined) => void }) {
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      maxSnack={NOTIFICATION_DEFAULTS.maxVisible}
      Components={{
        default: ThemedToast,
        success: ThemedToast,
        error: ThemedToast,
        warning: ThemedToast,
        info: ThemedToast,
      }}
    >
      <Ready onReady={onReady} />
    </SnackbarProvider>
  );
}
