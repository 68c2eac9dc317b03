import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useList, type HttpError } from '@refinedev/core';
import { serverMessageOr } from '../../providers/http';
import { SimpleTable } from '../SimpleTable';
import type { RelatedRecords, StoreRecord } from './presentation';

const SHOWN = 50;

/** Another resource's records about `record` (RecordCall.related), newest first, as a read-only table. */
export function RelatedRecordsDialog<T>({
  related,
  record,
  name,
  onClose,
}: {
  related: RelatedRecords<T>;
  record: T;
  name: string;
  onClose: () => void;
}) {
  const { result, query } = useList<StoreRecord, HttpError>({
    resource: related.contract.name,
    meta: { contract: related.contract },
    filters: Object.entries(related.filter(record)).map(([field, value]) => ({ field, operator: 'eq', value })),
    sorters: related.sort ? [related.sort] : [],
    pagination: { currentPage: 1, pageSize: related.limit ?? SHOWN },
    errorNotification: false,
  });
  const rows = result?.data ?? [];
  const title = related.title(name);
  const titleId = `related-${name}-title`.replace(/\W+/g, '-');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {query.isLoading && <Typography role="status">Loading...</Typography>}
        {query.isError && <Alert severity="error">{serverMessageOr(query.error, `Failed to load: ${title}`)}</Alert>}
        {query.isSuccess && rows.length === 0 && <Typography>{related.empty}</Typography>}
        {rows.length > 0 && <SimpleTable label={title} columns={related.columns} rows={rows as never[]} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
