import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';

/**
 * A form in a dialog (a record's add or edit, a record call's questions): its title, its fields, then
 * Cancel and the submit button. While it saves, nothing closes it and both buttons wait.
 */
export function FormDialog({
  title,
  titleId,
  maxWidth,
  busy,
  submit,
  submitDisabled = false,
  contentSx,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  titleId: string;
  maxWidth: DialogProps['maxWidth'];
  busy: boolean;
  submit: string;
  /** The submit button waits for more than the save (an edit's record still loading). */
  submitDisabled?: boolean;
  contentSx: SxProps<Theme>;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      scroll="paper"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers sx={contentSx}>
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {submit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
