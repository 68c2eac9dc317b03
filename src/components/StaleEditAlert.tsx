import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';

interface StaleEditAlertProps {
  message: string;
  /** The admin's unsaved input is dropped only when they ask for the latest copy; until then it stays, to copy from. */
  onReload: () => Promise<void>;
}

/** Someone else saved the record since this form loaded it: says so, and offers the latest version. */
export function StaleEditAlert({ message, onReload }: StaleEditAlertProps) {
  const [reloading, setReloading] = useState(false);
  const [failure, setFailure] = useState<string>();

  const reload = async () => {
    setReloading(true);
    setFailure(undefined);
    try {
      await onReload();
    } catch (error) {
      setFailure(`Could not reload: ${(error as Error).message}`);
    } finally {
      setReloading(false);
    }
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
