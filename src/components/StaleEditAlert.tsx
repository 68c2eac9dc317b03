import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';

interface StaleEditAlertProps {
  /** The server's stale-edit message. */
  message: string;
  /**
   * Loads the latest copy and puts it in the form. The admin's unsaved input is dropped only then, when
   * they ask for it; until they do the form keeps it (to copy from) and saving stays refused.
   */
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
