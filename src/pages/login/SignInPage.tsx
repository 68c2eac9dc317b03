import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { APP_NAME } from '../../app/app-name';
import { AUTH_MESSAGES, authProvider } from '../../providers/auth-provider';
import { useConsoleNotificationProvider } from '../../providers/notification-provider';
import { SignInPulse } from './SignInPulse';

/** The router state a protected page leaves when it sends a signed-out visitor here (the URL stays exactly /login). */
export interface SignInState {
  to?: string;
}

/** Where to go after signing in: the protected page that sent the visitor here, if it is one of ours, else '/'. */
function returnPath(state: unknown): string {
  const to = (state as SignInState | null)?.to;
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : '/';
}

/**
 * FormControl + OutlinedInput rather than TextField: TextField also bundles Select and its menu, which
 * this page never uses and every visitor would download first.
 */
const field = (name: string, label: string, input: OutlinedInputProps) => (
  <FormControl required>
    <InputLabel htmlFor={`sign-in-${name}`}>{label}</InputLabel>
    <OutlinedInput id={`sign-in-${name}`} name={name} label={label} {...input} />
  </FormControl>
);

/**
 * Sign-in outside the Refine root (which loads only once signed in) and outside the router, which a
 * visit that starts here loads only once signed in (src/main.tsx): it asks the auth provider directly,
 * raises its toasts through the same notification provider the console uses, and leaves through `go`
 * (a replacing navigation). `state` is the router state a protected page left (SignInState).
 */
export default function SignInPage({ state, go }: { state: unknown; go: (to: string) => void }) {
  const notification = useConsoleNotificationProvider();
  const [checking, setChecking] = useState(true);
  const [isPending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const leave = useEffectEvent(go);

  useEffect(() => {
    document.title = `Sign In | ${APP_NAME}`;
    void authProvider.check().then((result) => (result.authenticated ? leave('/') : setChecking(false)));
  }, []);

  if (checking) return <SignInPulse />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    const result = await authProvider.login({
      email: String(form.get('email')),
      password: String(form.get('password')),
    });
    if (result.success) {
      notification.open?.({ type: 'success', ...AUTH_MESSAGES.signedIn });
      go(returnPath(state));
      return;
    }
    setPending(false);
    notification.open?.({
      type: 'error',
      message: result.error?.name ?? AUTH_MESSAGES.signInFailed,
      description: result.error?.message ?? AUTH_MESSAGES.checkCredentials,
    });
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 400 }}>
        <Card variant="outlined">
          <CardContent component="form" onSubmit={submit} sx={{ p: 4, display: 'grid', gap: 2.5 }}>
            <Box textAlign="center">
              <Typography variant="h4" component="h1" fontWeight={700}>
                Sign In
              </Typography>
              <Typography color="text.secondary">Enter your credentials to access the dashboard</Typography>
            </Box>
            {field('email', 'Email', { type: 'email', autoComplete: 'email', autoFocus: true })}
            {field('password', 'Password', {
              type: showPassword ? 'text' : 'password',
              autoComplete: 'current-password',
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    onClick={() => setShowPassword((shown) => !shown)}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            })}
            <Button type="submit" variant="contained" size="large" disabled={isPending}>
              {isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </CardContent>
        </Card>
        <Typography variant="body2" color="text.secondary" textAlign="center" component="footer">
          © {new Date().getFullYear()} Apparel Admin. All rights reserved.
        </Typography>
      </Stack>
    </Box>
  );
}
