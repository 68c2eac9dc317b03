import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useList, type HttpError } from '@refinedev/core';
import { StatusBadge } from '../../components/StatusBadge';
import { SimpleTable, type TableColumn } from '../../components/SimpleTable';
import { formatDateTime } from '../../domain/format';
import {
  IMPORT_STATUS_LABELS,
  productImportsContract,
  type ImportStatus,
  type ProductImport,
} from '../../domain/product-import';
import { serverMessageOr } from '../../providers/http';
import type { useUndoImport } from './ImportDialog';

const SHOWN = 25;
const STATUS_COLOURS: Record<ImportStatus, 'default' | 'success' | 'info'> = {
  previewed: 'default',
  committed: 'success',
  undone: 'info',
};

/** The latest imports (GET /api/product/imports), newest first: who, when, the file, its counts and status; Undo on an applied one. */
export function PastImports({ undo }: { undo: ReturnType<typeof useUndoImport> }) {
  const { result, query } = useList<ProductImport, HttpError>({
    resource: productImportsContract.name,
    meta: { contract: productImportsContract },
    sorters: [{ field: 'createdAt', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: SHOWN },
    errorNotification: false,
  });
  const rows = result?.data ?? [];
  const columns: TableColumn<ProductImport>[] = [
    { label: 'When', value: (row) => formatDateTime(row.createdAt) },
    { label: 'By', value: (row) => row.by.fullname },
    { label: 'File', value: (row) => row.fileName },
    { label: 'New', value: (row) => row.creates, align: 'right' },
    { label: 'Changed', value: (row) => row.updates, align: 'right' },
    { label: 'Unchanged', value: (row) => row.unchanged, align: 'right' },
    { label: 'Errors', value: (row) => row.errors, align: 'right' },
    {
      label: 'Status',
      value: (row) => <StatusBadge status={row.status} colours={STATUS_COLOURS} labels={IMPORT_STATUS_LABELS} />,
    },
    {
      label: 'Actions',
      value: (row) =>
        row.status === 'committed' ? (
          <Button
            size="small"
            color="warning"
            disabled={undo.busy}
            aria-label={`Undo the import of ${row.fileName} at ${formatDateTime(row.createdAt)}`}
            onClick={() => undo.ask(row._id, row.fileName)}
          >
            Undo
          </Button>
        ) : null,
    },
  ];
  const total = result?.total ?? 0;
  return (
    <>
      {undo.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {undo.error.message}
        </Alert>
      )}
      {query.isLoading && <Typography role="status">Loading past imports…</Typography>}
      {query.isError && (
        <Alert severity="error">{serverMessageOr(query.error, 'The past imports could not be loaded')}</Alert>
      )}
      {query.isSuccess && rows.length === 0 && <Typography>No imports yet.</Typography>}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Past imports">
          <SimpleTable label="Past imports" columns={columns} rows={rows} rowKey={(row) => row._id} />
          {total > rows.length && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              The latest {SHOWN} of {total} imports.
            </Typography>
          )}
        </Box>
      )}
    </>
  );
}
