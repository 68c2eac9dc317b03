import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { useState } from 'react';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_SETTINGS_URL,
  type NotificationKind,
  type NotificationSettings,
} from '../../domain/notifications';
import { serverMessageOr } from '../../providers/http';

/** Which kinds of news the bell brings this person, among those their role receives. */
export function NotificationSettingsForm() {
  const { result, query } = useCustom<NotificationSettings>({
    url: NOTIFICATION_SETTINGS_URL,
    method: 'get',
    errorNotification: false,
  });
  const { mutate, mutation } = useCustomMutation<NotificationSettings>();
  const [chosen, setChosen] = useState<NotificationKind[]>();
  const saved = query.isSuccess ? result.data.kinds : [];
  const kinds = chosen ?? saved;
  const toggle = (kind: NotificationKind) =>
    setChosen(kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind]);
  const save = () =>
    mutate(
      {
        url: NOTIFICATION_SETTINGS_URL,
        method: 'put',
        values: { kinds },
        successNotification: { type: 'success', message: 'Notification settings saved' },
        errorNotification: (error) => ({
          type: 'error',
          message: serverMessageOr(error, 'Failed to save notification settings'),
        }),
      },
      { onSuccess: () => void query.refetch().then(() => setChosen(undefined)) },
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box
        component="form"
        aria-labelledby="notification-settings-title"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Typography id="notification-settings-title" variant="h6" component="h2">
          Notifications
        </Typography>
        <Typography variant="body2" color="text.secondary">
          What the bell in the header tells you of.
        </Typography>
        {query.isError ? (
          <Alert severity="error">{serverMessageOr(query.error, 'Failed to load notification settings')}</Alert>
        ) : !query.isSuccess ? (
          <Skeleton width={280} height={96} />
        ) : (
          <FormGroup>
            {result.data.available.map((kind) => (
              <FormControlLabel
                key={kind}
                control={<Checkbox checked={kinds.includes(kind)} onChange={() => toggle(kind)} />}
                label={NOTIFICATION_KIND_LABELS[kind]}
              />
            ))}
          </FormGroup>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={!query.isSuccess || chosen === undefined || mutation.isPending}
          sx={{ justifySelf: 'start' }}
        >
          {mutation.isPending ? 'Saving...' : 'Save notification settings'}
        </Button>
      </Box>
    </Paper>
  );
}
