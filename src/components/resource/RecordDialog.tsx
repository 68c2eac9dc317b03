import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useOne, type BaseRecord, type HttpError } from '@refinedev/core';
import { useState, type ReactNode } from 'react';
import { PageSpinner } from '../PageSpinner';
import { LiveRecordNotice } from './live';

export interface RecordDialogProps<T> {
  resource: string;
  /** The record to show; the dialog is open while there is one. */
  id: string | undefined;
  title: (id: string) => string;
  loadingLabel?: string;
  failure: (error: HttpError | null) => string;
  closeIcon?: boolean;
  onClose: () => void;
  children: (record: T) => ReactNode;
}

/** A record's details over a list, as the server has it now: fetched each time the dialog opens. */
export function RecordDialog<T extends BaseRecord>({
  resource,
  id,
  title,
  loadingLabel = 'Loading',
  failure,
  closeIcon,
  onClose,
  children,
}: RecordDialogProps<T>) {
  // The last record shown stays in place while the dialog fades out.
  const [shownId, setShownId] = useState(id);
  if (id !== undefined && id !== shownId) setShownId(id);
  const { result: record, query } = useOne<T, HttpError>({
    resource,
    id: shownId ?? '',
    queryOptions: { enabled: shownId !== undefined },
    errorNotification: false,
  });
  const titleId = `${resource}-details-title`;

  let body;
  if (query.isLoading) body = <PageSpinner label={loadingLabel} />;
  else if (query.isError || !record) body = <Alert severity="error">{failure(query.error)}</Alert>;
  else
    body = (
      <>
        <LiveRecordNotice key={shownId} resource={resource} id={shownId} onReload={() => void query.refetch()} />
        {children(record)}
      </>
    );

  return (
    <Dialog open={id !== undefined} onClose={onClose} maxWidth="md" fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {shownId === undefined ? '' : title(shownId)}
      </DialogTitle>
      {closeIcon && (
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      )}
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
