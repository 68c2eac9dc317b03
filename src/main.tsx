import './app/zod-config';
import { lazy, startTransition, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { SnackbarRoot } from './providers/notification-provider';
import { ConsoleThemeProvider } from './app/theme';
import { SignInPulse } from './pages/login/SignInPulse';

// The router and the console's declarations are a chunk of their own: a visit that starts on /login
// shows the sign-in screen without them and loads them once signed in, under the same toast stack.
const Console = lazy(() => import('./app/console'));
const SignInPage = lazy(() => import('./pages/login/SignInPage'));

const root = createRoot(document.getElementById('root')!);
const show = (screen: ReactNode, fallback?: ReactNode) =>
  root.render(
    <StrictMode>
      <ConsoleThemeProvider>
        <SnackbarRoot>
          <Suspense fallback={fallback}>{screen}</Suspense>
        </SnackbarRoot>
      </ConsoleThemeProvider>
    </StrictMode>,
  );
/** Signed in (or already): the console at `to`, in place of /login, the sign-in screen staying until it has loaded. */
const openConsole = (to: string) => {
  history.replaceState(null, '', to);
  startTransition(() => show(<Console />));
};

if (location.pathname === '/login') show(<SignInPage state={history.state?.usr} go={openConsole} />, <SignInPulse />);
else show(<Console />);
