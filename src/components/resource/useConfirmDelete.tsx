import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useDelete, type BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import { serverMessageOr } from '../../providers/http';
import { recordName, type ResourceDefinition, type StoreRecord } from './definition';

/** The one confirm-delete of the console: ask, then delete with a toast either way. Cancel, not Delete, has the focus first. */
export function useConfirmDelete<T extends StoreRecord & BaseRecord>({ name, noun, texts, recordLabel }: ResourceDefinition<T>) {
  const [pending, setPending] = useState<T>();
  const { mutate, mutation } = useDelete();
  const busy = mutation.isPending;
  const close = () => setPending(undefined);
  const confirm = () => {
    if (!pending) return;
    mutate(
      {
        resource: name,
        id: pending._id,
        successNotification: () => ({ type: 'success', message: texts.deleted ?? `Deleted ${noun}` }),
        errorNotification: (error) => ({ type: 'error', message: serverMessageOr(error, texts.deleteFailed ?? `Failed to delete ${noun}`) }),
      },
      { onSettled: close },
    );
  };
  const dialog = (
    <Dialog open={pending !== undefined} onClose={busy ? undefined : close} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{pending ? `Delete ${noun} ${recordName(recordLabel, pending)}?` : 'Please confirm'}</DialogTitle>
      <DialogContent>
        <DialogContentText>{texts.deleteQuestion ?? `Are you sure you want to delete this ${noun}?`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={busy} color="error" variant="contained">
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { ask: setPending, dialog };
}
