import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInvalidateAuthStore, useNotification } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordSchema, MIN_PASSWORD_LENGTH, PASSWORD_IS_EMAIL_MESSAGE, passwordIsEmail } from '../../domain';
import { changePassword } from '../../providers/auth-provider';
import { ApiError, serverMessageOr } from '../../providers/http';

const BLANK = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordField = keyof typeof BLANK;

const FIELDS: { name: PasswordField; label: string; autoComplete: string; helper?: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    helper: `At least ${MIN_PASSWORD_LENGTH} characters, not your email address`,
  },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** The server's rules (the domain's schema and the email check) before it is asked, and the confirmation, which only the form has. */
const passwordFormSchema = (email: string) =>
  changePasswordSchema
    .safeExtend({ confirmPassword: z.string() })
    .refine((form) => !passwordIsEmail(form.newPassword, email), {
      path: ['newPassword'],
      message: PASSWORD_IS_EMAIL_MESSAGE,
    })
    .refine((form) => form.confirmPassword === form.newPassword, {
      path: ['confirmPassword'],
      message: 'The passwords do not match',
    });

/**
 * Change password: checked here first; the server's refusal of a field (a wrong current password)
 * shows on that field. On success the form empties and the profile is read again, which ends the
 * demo-password warning when this was the last admin with it. The server keeps this session.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const { open: notify } = useNotification();
  const invalidateAuthStore = useInvalidateAuthStore();
  const schema = useMemo(() => passwordFormSchema(email), [email]);
  const { control, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: BLANK,
  });
  const [failure, setFailure] = useState<string>();

  const save = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(undefined);
    try {
      await changePassword({ currentPassword, newPassword });
    } catch (error) {
      const named = Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {}).filter(([field]) =>
        Object.hasOwn(BLANK, field),
      );
      if (named.length === 0) setFailure(serverMessageOr(error, 'Failed to change password'));
      named.forEach(([field, message], index) =>
        setError(field as PasswordField, { message }, { shouldFocus: index === 0 }),
      );
      return;
    }
    reset(BLANK);
    notify?.({ type: 'success', message: 'Password changed' });
    await invalidateAuthStore();
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box
        component="form"
        noValidate
        aria-labelledby="change-password-title"
        onSubmit={(event) => void save(event)}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Typography id="change-password-title" variant="h6" component="h2">
          Change password
        </Typography>
        {FIELDS.map(({ name, label, autoComplete, helper }) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                type="password"
                label={label}
                autoComplete={autoComplete}
                required
                fullWidth
                size="small"
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? helper}
                // Read-only, not disabled, while the server answers: a refused field can take the focus.
                slotProps={{ htmlInput: { readOnly: formState.isSubmitting } }}
              />
            )}
          />
        ))}
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ justifySelf: 'start' }}>
          {formState.isSubmitting ? 'Changing...' : 'Change password'}
        </Button>
      </Box>
    </Paper>
  );
}
