import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCan, useInvalidate, useList, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import type { ResourceContract } from '../../../domain/contract';
import { IMPORT_STATUS_LABELS, type FileImport, type ImportStatus } from '../../../domain/file-import';
import { formatDateTime } from '../../../domain/format';
import { serverMessageOr } from '../../../providers/http';
import { SimpleTable, type TableColumn } from '../../SimpleTable';
import { StatusBadge } from '../../StatusBadge';
import { ConfirmDialog } from '../ConfirmDialog';
import type { ListDialogProps } from '../presentation';
import { useRecordCall } from '../RecordCalls';

const SHOWN = 25;
const STATUS_COLOURS: Record<ImportStatus, 'default' | 'success' | 'info'> = {
  previewed: 'default',
  committed: 'success',
  undone: 'info',
};

/**
 * An import's calls (`preview`, `commit`, `undo`) and what they change, and its Undo: asked first, then
 * made; a refusal (409: records changed since) is kept in `error` in the server's words for the screen
 * to show where the Undo was.
 */
export function useImportCalls({ name, fileImport }: ListDialogProps['presentation'], onUndone: () => void) {
  const { contract } = fileImport!;
  const invalidate = useInvalidate();
  const { call, busy } = useRecordCall();
  const [asked, setAsked] = useState<{ id: string; fileName: string }>();
  const [error, setError] = useState<{ id: string; message: string }>();
  const url = (call: 'preview' | 'commit' | 'undo', id?: string) => contract.url(contract.calls![call]!.path, id);
  /** The past imports after any call; the resource's records too after one that wrote them. */
  const refresh = (wrote: boolean) => {
    if (wrote) void invalidate({ resource: name, invalidates: ['list', 'many', 'detail'] });
    void invalidate({ resource: contract.name, invalidates: ['list'] });
  };
  const undo = ({ id }: { id: string }) => {
    setError(undefined);
    call(url('undo', id), {}, { done: 'Import undone', failed: false })
      .then(onUndone, (refusal) =>
        setError({ id, message: serverMessageOr(refusal, 'The import could not be undone') }),
      )
      .finally(() => (setAsked(undefined), refresh(true)));
  };
  const dialog = (
    <ConfirmDialog
      title={asked && `Undo the import of ${asked.fileName}?`}
      text="Every value the import changed is put back and what it added is removed. If anything it changed has changed again since, nothing is undone and the records are named."
      confirm="Undo import"
      busy={busy}
      onCancel={() => setAsked(undefined)}
      onConfirm={() => asked && undo(asked)}
    />
  );
  return { url, refresh, ask: (id: string, fileName: string) => setAsked({ id, fileName }), dialog, error, busy };
}

/**
 * The latest imports (the imports' list), newest first: who, when, the file, its counts and status; with
 * `undo` (the roles that may import), Undo on an applied one.
 */
export function PastImports({
  contract,
  undo,
}: {
  contract: ResourceContract<never>;
  undo?: ReturnType<typeof useImportCalls>;
}) {
  const { result, query } = useList<FileImport, HttpError>({
    resource: contract.name,
    meta: { contract },
    sorters: [{ field: 'createdAt', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: SHOWN },
    errorNotification: false,
  });
  const rows = result?.data ?? [];
  const count = (label: string, field: 'creates' | 'updates' | 'unchanged' | 'errors'): TableColumn<FileImport> => ({
    label,
    value: (row) => row[field],
    align: 'right',
  });
  const columns: TableColumn<FileImport>[] = [
    { label: 'When', value: (row) => formatDateTime(row.createdAt) },
    { label: 'By', value: (row) => row.by.fullname },
    { label: 'File', value: (row) => row.fileName },
    count('New', 'creates'),
    count('Changed', 'updates'),
    count('Unchanged', 'unchanged'),
    count('Errors', 'errors'),
    {
      label: 'Status',
      value: (row) => <StatusBadge status={row.status} colours={STATUS_COLOURS} labels={IMPORT_STATUS_LABELS} />,
    },
  ];
  if (undo)
    columns.push({
      label: 'Actions',
      value: (row) =>
        row.status === 'committed' && (
          <Button
            size="small"
            color="warning"
            disabled={undo.busy}
            aria-label={`Undo the import of ${row.fileName} at ${formatDateTime(row.createdAt)}`}
            onClick={() => undo.ask(row._id, row.fileName)}
          >
            Undo
          </Button>
        ),
    });
  const total = result?.total ?? 0;
  return (
    <>
      {undo?.error && (
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

/**
 * The past imports under the resource's list (ListImports), for any role the imports' list allows; the
 * roles that may import can undo an applied one there too.
 */
export default function ImportHistory({ presentation }: Pick<ListDialogProps, 'presentation'>) {
  const { contract } = presentation.fileImport!;
  const mayUndo = useCan({ resource: contract.name, action: 'create' }).data?.can === true;
  const undo = useImportCalls(presentation, () => undefined);
  return (
    <>
      <PastImports contract={contract} undo={mayUndo ? undo : undefined} />
      {undo.dialog}
    </>
  );
}
