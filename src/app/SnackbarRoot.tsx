import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { Outlet } from 'react-router';
import { NOTIFICATION_DEFAULTS } from '../domain';

const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
}));

/**
 * The one toast stack above every route (Refine's notification provider writes to it), so a toast
 * raised on the sign-in page stays up while the console loads. notistack is used directly rather
 * than through @refinedev/mui, which would pull all of Refine into the sign-in page.
 */
export function SnackbarRoot() {
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      maxSnack={NOTIFICATION_DEFAULTS.maxVisible}
      Components={{ default: ThemedToast, success: ThemedToast, error: ThemedToast, warning: ThemedToast, info: ThemedToast }}
    >
      <Outlet />
    </SnackbarProvider>
  );
}
