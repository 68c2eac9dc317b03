import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type Props = {
  title?: string;
  text: string;
  confirm: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The console's one confirmation, open while it has a question (`title`): Cancel, not the action, has the focus first. */
export function ConfirmDialog({ title, text, confirm, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog
      open={title !== undefined}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-dialog-title"
      maxWidth="xs"
      fullWidth
      // A grid whose rows refresh as the dialog opens hands the focus back to the row's button: Cancel takes it again once shown.
      slotProps={{
        transition: { onEntered: (node: HTMLElement) => node.querySelector<HTMLElement>('[data-cancel]')?.focus() },
      }}
    >
      <DialogTitle id="confirm-dialog-title">{title ?? 'Please confirm'}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus data-cancel>
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          color={confirm === 'Delete' ? 'error' : 'primary'}
          variant="contained"
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
