import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';

/**
 * Someone else saved the record since this form loaded it: says so, and offers the latest version. The
 * admin's unsaved input is dropped only when they ask for it (onReload); until then it stays, to copy from.
 */
export function StaleEditAlert({ message, onReload }: { message: string; onReload: () => Promise<void> }) {
  const [reloading, setReloading] = useState(false);
  const [failure, setFailure] = useState<string>();

  const reload = async () => {
    setReloading(true);
    setFailure(
      await onReload().then(
        () => undefined,
        (error: Error) => `Could not reload: ${error.message}`,
      ),
    );
    setReloading(false);
  };

  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={() => void reload()} disabled={reloading}>
          {reloading ? 'Reloading...' : 'Reload'}
        </Button>
      }
    >
      <AlertTitle>Not saved</AlertTitle>
      {message}
      {failure && <div>{failure}</div>}
    </Alert>
  );
}
