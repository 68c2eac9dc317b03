import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { NOTIFICATION_DEFAULTS } from '../domain';

const ToastStack = lazy(() => import('./ToastStack'));

/** What the notification provider asks of the toast stack. */
export interface Toasts {
  enqueue: (message: SnackbarMessage, options: OptionsObject) => void;
  close: (key?: SnackbarKey) => void;
}
const ToastsContext = createContext<Toasts | null>(null);

/**
 * The one toast stack above every screen (Refine's notification provider writes to it), so a toast
 * raised on the sign-in page stays up while the console loads. notistack (about 8 KB gzip) loads with
 * the first toast, not with every page: toasts asked for before it is there wait for it, in order.
 * notistack is used directly rather than through @refinedev/mui, which would pull all of Refine into
 * the sign-in page.
 */
export function SnackbarRoot({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const [{ toasts, ready }] = useState(() => {
    let stack: Toasts | undefined;
    const waiting: ((stack: Toasts) => void)[] = [];
    const withStack = (act: (stack: Toasts) => void) => {
      if (stack) return act(stack);
      waiting.push(act);
      setWanted(true);
    };
    return {
      toasts: {
        enqueue: (message, options) => withStack((shown) => shown.enqueue(message, options)),
        close: (key) => (stack || waiting.length ? withStack((shown) => shown.close(key)) : undefined),
      } satisfies Toasts,
      ready: (mounted: Toasts | undefined) => {
        stack = mounted;
        if (mounted) for (const act of waiting.splice(0)) act(mounted);
      },
    };
  });
  return (
    <ToastsContext value={toasts}>
      {children}
      {wanted && (
        <Suspense>
          <ToastStack onReady={ready} />
        </Suspense>
      )}
    </ToastsContext>
  );
}

/** Success toasts leave after 2 s, everything else after 4 s. */
export function notificationDuration(type: OpenNotificationParams['type']): number {
  return type === 'success' ? NOTIFICATION_DEFAULTS.successMs : NOTIFICATION_DEFAULTS.otherMs;
}

/**
 * Refine's notification provider on the toast stack, with the spec's per-type durations, which the stock
 * provider cannot set. The console saves pessimistically: undoable "progress" toasts never occur (they would show as info).
 */
export function useConsoleNotificationProvider(): NotificationProvider {
  const toasts = useContext(ToastsContext);
  if (!toasts) throw new Error('useConsoleNotificationProvider needs a SnackbarRoot above it');
  return useMemo(
    () => ({
      open: ({ key, type, message, description }) => {
        const text = (
          <Box>
            <Typography variant="subtitle2" component="p">
              {message}
            </Typography>
            {description && (
              <Typography variant="body2" component="p">
                {description}
              </Typography>
            )}
          </Box>
        );
        toasts.enqueue(text, {
          key,
          variant: type === 'progress' ? 'info' : type,
          autoHideDuration: notificationDuration(type),
          preventDuplicate: key !== undefined,
        });
      },
      close: (key) => toasts.close(key),
    }),
    [toasts],
  );
}
