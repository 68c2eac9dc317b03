import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLogin } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import type { LoginInput } from '../../domain';

export default function SignInPage() {
  const { mutate: login, isPending } = useLogin<LoginInput>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login({ email, password });
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
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label="Password"
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              slotProps={{
                input: {
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
                },
              }}
            />
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
