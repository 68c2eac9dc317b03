import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  productImportsContract,
  type ImportError,
  type ImportPreview,
} from '../../domain/product-import';
import { SimpleTable, type TableColumn } from '../../components/SimpleTable';
import { ConfirmDialog } from '../../components/resource/ConfirmDialog';
import { ApiError, apiResponse, serverMessageOr } from '../../providers/http';
import { postFileWithProgress } from '../../providers/upload-progress';
import { importChangeText, importChangesByRow, importErrorRows, type ImportRowChanges } from './import-changes';
import { PastImports } from './PastImports';

const { calls } = productImportsContract;
const callUrl = (call: 'preview' | 'commit' | 'undo', id?: string) =>
  productImportsContract.url(calls![call]!.path, id);
const count = (n: number) => n.toLocaleString('en-IN');
const rowsText = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;

/** What the commit answers: the rows it wrote, and the file's errors it skipped. */
interface Applied {
  message?: string;
  creates: number;
  updates: number;
  errors: ImportError[];
}

type Step =
  | { kind: 'choose'; error?: string }
  /** `sent`: the share of the file uploaded; at 1 the server is reading and checking its rows. */
  | { kind: 'checking'; file: File; sent: number }
  | { kind: 'preview'; file: File; preview: ImportPreview; refusal?: { message: string; conflict: boolean } }
  | { kind: 'applied'; fileName: string; importId: string; applied: Applied; undone: boolean };

/** A refusal of the file in the server's words, without the field name its message starts with ('file: …'). */
const fileProblem = (error: unknown) =>
  error instanceof ApiError && error.fromServer
    ? (error.errors?.file ?? error.message)
    : `The file could not be checked: ${(error as Error).message}`;

/**
 * Undo of a committed import: asks first, then puts the import back; a refusal (409: records changed
 * since) is kept in `error` in the server's words for the screen to show where the Undo was.
 */
export function useUndoImport(onUndone: (importId: string) => void) {
  const { mutate, mutation } = useCustomMutation<{ message?: string }>();
  const invalidate = useInvalidate();
  const [asked, setAsked] = useState<{ id: string; fileName: string }>();
  const [error, setError] = useState<{ id: string; message: string }>();
  const undo = () => {
    if (!asked) return;
    const { id } = asked;
    setError(undefined);
    mutate(
      {
        url: callUrl('undo', id),
        method: 'post',
        values: {},
        successNotification: (response) => ({ type: 'success', message: response?.data.message ?? 'Import undone' }),
        errorNotification: false,
      },
      {
        onSuccess: () => onUndone(id),
        onError: (refusal) => setError({ id, message: serverMessageOr(refusal, 'The import could not be undone') }),
        onSettled: () => {
          setAsked(undefined);
          void invalidate({ resource: 'products', invalidates: ['list', 'many', 'detail'] });
          void invalidate({ resource: productImportsContract.name, invalidates: ['list'] });
        },
      },
    );
  };
  const dialog = (
    <ConfirmDialog
      title={asked && `Undo the import of ${asked.fileName}?`}
      text="Every value the import changed is put back and what it added is removed. If anything it changed has changed again since, nothing is undone and the records are named."
      confirm="Undo import"
      busy={mutation.isPending}
      onCancel={() => setAsked(undefined)}
      onConfirm={undo}
    />
  );
  return { ask: (id: string, fileName: string) => setAsked({ id, fileName }), dialog, error, busy: mutation.isPending };
}

/**
 * Import products from a CSV file: the file is uploaded and checked (a dry run that writes nothing),
 * its effect previewed by tab (new rows, changed rows, unchanged, errors), then applied or cancelled;
 * once applied it can be undone. Past imports are a view of the same dialog.
 */
export default function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [view, setView] = useState<'import' | 'history'>('import');
  const uploading = useRef<AbortController>(undefined);
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const { mutate: commit, mutation: committing } = useCustomMutation<Applied>();
  const undo = useUndoImport(() =>
    setStep((current) => (current.kind === 'applied' ? { ...current, undone: true } : current)),
  );

  const check = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES)
      return setStep({
        kind: 'choose',
        error: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB: a CSV may be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
      });
    const controller = (uploading.current = new AbortController());
    setStep({ kind: 'checking', file, sent: 0 });
    try {
      const preview = (await postFileWithProgress(callUrl('preview'), file, {
        signal: controller.signal,
        onProgress: (sent) => setStep((current) => (current.kind === 'checking' ? { ...current, sent } : current)),
      })) as ImportPreview;
      setStep({ kind: 'preview', file, preview });
      void invalidate({ resource: productImportsContract.name, invalidates: ['list'] });
    } catch (error) {
      setStep({ kind: 'choose', error: controller.signal.aborted ? undefined : fileProblem(error) });
    }
  };

  const apply = (preview: ImportPreview, file: File) => {
    const skipErrors = preview.errors.length > 0;
    commit(
      {
        url: `${callUrl('commit', preview.importId)}${skipErrors ? '?skipErrors=true' : ''}`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setStep({ kind: 'applied', fileName: file.name, importId: preview.importId, applied: data, undone: false });
          notify?.({ type: 'success', message: data.message ?? 'Import applied' });
          void invalidate({ resource: 'products', invalidates: ['list', 'many', 'detail'] });
          void invalidate({ resource: productImportsContract.name, invalidates: ['list'] });
        },
        onError: (error) =>
          setStep({
            kind: 'preview',
            file,
            preview,
            refusal: {
              message: serverMessageOr(error, `The import could not be applied: ${error.message}`),
              conflict: error.statusCode === 409,
            },
          }),
      },
    );
  };

  const close = () => {
    uploading.current?.abort();
    onClose();
  };
  const restart = () => setStep({ kind: 'choose' });

  let body: ReactNode;
  let actions: ReactNode;
  if (view === 'history') {
    body = <PastImports undo={undo} />;
    actions = null;
  } else if (step.kind === 'choose') {
    body = <ChooseFile error={step.error} onFile={(file) => void check(file)} />;
    actions = <Button onClick={close}>Cancel</Button>;
  } else if (step.kind === 'checking') {
    const validating = step.sent >= 1;
    const label = validating ? `Checking the rows of ${step.file.name}…` : `Uploading ${step.file.name}…`;
    body = (
      <Box role="status" aria-live="polite" sx={{ py: 2 }}>
        <Typography id="import-progress-label" sx={{ mb: 1 }}>
          {label}
        </Typography>
        <LinearProgress
          aria-labelledby="import-progress-label"
          variant={validating ? 'indeterminate' : 'determinate'}
          value={Math.round(step.sent * 100)}
        />
      </Box>
    );
    actions = <Button onClick={() => uploading.current?.abort()}>Cancel upload</Button>;
  } else if (step.kind === 'preview') {
    const { preview, file, refusal } = step;
    const errorRows = importErrorRows(preview.errors);
    const toApply = preview.creates + preview.updates;
    body = (
      <>
        <Typography sx={{ mb: 1 }}>
          Checked <strong>{file.name}</strong>: nothing is written until you apply it.
        </Typography>
        {refusal && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              refusal.conflict ? (
                <Button color="inherit" size="small" onClick={() => void check(file)}>
                  Check the file again
                </Button>
              ) : undefined
            }
          >
            {refusal.message}
          </Alert>
        )}
        <ImportPreviewTabs preview={preview} />
        {errorRows > 0 && toApply > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {rowsText(errorRows)} {errorRows === 1 ? 'has' : 'have'} errors (see Errors). Applying now writes the{' '}
            {rowsText(toApply)} that add or change something and skips the rows with errors; or correct the file and
            choose it again.
          </Alert>
        )}
        {toApply === 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {errorRows > 0
              ? 'No valid row adds or changes anything: correct the rows with errors and choose the file again.'
              : 'Nothing to apply: every row matches the store already.'}
          </Alert>
        )}
      </>
    );
    const valid = preview.creates + preview.updates + preview.unchanged;
    actions = (
      <>
        <Button onClick={close} disabled={committing.isPending}>
          Cancel
        </Button>
        <Button onClick={restart} disabled={committing.isPending}>
          Choose another file
        </Button>
        <Button
          variant="contained"
          disabled={toApply === 0 || committing.isPending}
          onClick={() => apply(preview, file)}
        >
          {committing.isPending ? 'Applying…' : errorRows > 0 ? `Apply the ${count(valid)} valid rows` : 'Apply'}
        </Button>
      </>
    );
  } else {
    const { applied, fileName, importId, undone } = step;
    const skipped = importErrorRows(applied.errors);
    body = (
      <>
        <Alert severity={undone ? 'info' : 'success'} role="status">
          {undone
            ? `The import of ${fileName} is undone: the catalogue is as it was before it.`
            : `Imported ${fileName}: ${rowsText(applied.creates)} added, ${rowsText(applied.updates)} changed` +
              (skipped > 0 ? `, ${rowsText(skipped)} with errors skipped.` : '.')}
        </Alert>
        {undo.error?.id === importId && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {undo.error.message}
          </Alert>
        )}
      </>
    );
    actions = (
      <>
        {!undone && (
          <Button color="warning" disabled={undo.busy} onClick={() => undo.ask(importId, fileName)}>
            Undo import
          </Button>
        )}
        <Button onClick={restart}>Import another file</Button>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </>
    );
  }

  const busy = step.kind === 'checking' || committing.isPending;
  // A step's controls go as the next step comes (the file input once chosen, Apply once applied): the
  // focus, left on nothing, goes to the dialog's title, inside the dialog, where Escape and Tab work.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const dialog = title.current?.closest('[role="dialog"]');
    if (dialog && !dialog.contains(document.activeElement)) title.current?.focus();
  }, [step.kind, view]);
  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : close}
        fullWidth
        maxWidth="md"
        aria-labelledby="import-dialog-title"
        // Opened again, it starts afresh: an applied import stays undoable from Past imports.
        slotProps={{
          transition: {
            onExited: () => {
              setStep({ kind: 'choose' });
              setView('import');
            },
          },
        }}
      >
        <DialogTitle id="import-dialog-title" ref={title} tabIndex={-1} sx={{ outline: 'none' }}>
          {view === 'history' ? 'Past imports' : 'Import products'}
        </DialogTitle>
        <DialogContent dividers>{body}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {view === 'import' && (
            <Button
              startIcon={<HistoryOutlined />}
              onClick={() => setView('history')}
              disabled={busy}
              sx={{ mr: 'auto' }}
            >
              Past imports
            </Button>
          )}
          {actions}
        </DialogActions>
      </Dialog>
      {undo.dialog}
    </>
  );
}

/** The file input, what the file should hold, and where to get one: the catalogue file, one row per SKU. */
function ChooseFile({ error, onFile }: { error?: string; onFile: (file: File) => void }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string>();
  const download = async () => {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      const response = await apiResponse('/api/product/get-all-products', { query: { format: 'csv', rows: 'sku' } });
      const filename =
        /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'catalogue.csv';
      const link = Object.assign(document.createElement('a'), {
        href: URL.createObjectURL(await response.blob()),
        download: filename,
      });
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (failure) {
      setDownloadError(serverMessageOr(failure, 'The catalogue file could not be downloaded'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        A CSV file with one row per SKU, as the catalogue file below has them. Rows match by SKU, else by product id,
        colour and size, else they add; a blank cell leaves the value as it is. The file is checked first and nothing is
        written until you apply it.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <TextField
        type="file"
        label="CSV file"
        fullWidth
        helperText={`UTF-8 CSV, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${count(IMPORT_MAX_ROWS)} rows`}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: '.csv,text/csv' } }}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          const file = input.files?.[0];
          input.value = '';
          if (file) onFile(file);
        }}
      />
      <Box sx={{ mt: 2 }}>
        <Button startIcon={<FileDownloadOutlined />} onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Downloading…' : 'Download the catalogue file'}
        </Button>
        {downloadError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {downloadError}
          </Alert>
        )}
      </Box>
    </>
  );
}

type PreviewTab = 'new' | 'changed' | 'unchanged' | 'errors';

const ERROR_COLUMNS: TableColumn<ImportError>[] = [
  { label: 'Row', value: (error) => error.row, align: 'right', width: 72 },
  { label: 'Column', value: (error) => error.column ?? '—', width: 140 },
  { label: 'Message', value: (error) => error.message },
];

/** The dry run by tab: the rows it adds, those it changes (each value `field: before → after`), the unchanged, the errors. */
function ImportPreviewTabs({ preview }: { preview: ImportPreview }) {
  const groups = importChangesByRow(preview.changes);
  const errorRows = importErrorRows(preview.errors);
  const tabs: { value: PreviewTab; label: string; count: number }[] = [
    { value: 'new', label: 'New', count: preview.creates },
    { value: 'changed', label: 'Changed', count: preview.updates },
    { value: 'unchanged', label: 'Unchanged', count: preview.unchanged },
    { value: 'errors', label: 'Errors', count: errorRows },
  ];
  const [tab, setTab] = useState<PreviewTab>(
    preview.creates > 0 ? 'new' : preview.updates > 0 ? 'changed' : errorRows > 0 ? 'errors' : 'unchanged',
  );
  const capped = preview.changesTotal > preview.changes.length;
  let panel: ReactNode;
  if (tab === 'errors')
    panel =
      preview.errors.length === 0 ? (
        <Typography>No errors.</Typography>
      ) : (
        <SimpleTable label="Errors" columns={ERROR_COLUMNS} rows={preview.errors} />
      );
  else if (tab === 'unchanged')
    panel = (
      <Typography>
        {preview.unchanged === 0
          ? 'Every valid row adds or changes something.'
          : `${rowsText(preview.unchanged)} already ${preview.unchanged === 1 ? 'matches' : 'match'} the store: applying changes nothing there.`}
      </Typography>
    );
  else {
    const shown = groups.filter((group) => group.adds === (tab === 'new'));
    panel =
      shown.length === 0 ? (
        <Typography>{tab === 'new' ? 'No row adds anything.' : 'No row changes anything.'}</Typography>
      ) : (
        <RowChanges groups={shown} />
      );
  }
  return (
    <>
      {capped && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Showing the first {count(preview.changes.length)} of {count(preview.changesTotal)} changes; the counts are of
          the whole file.
        </Alert>
      )}
      <Tabs value={tab} onChange={(_event, value: PreviewTab) => setTab(value)} aria-label="Import preview">
        {tabs.map(({ value, label, count: n }) => (
          <Tab
            key={value}
            value={value}
            label={`${label} (${count(n)})`}
            id={`import-tab-${value}`}
            aria-controls={`import-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`import-panel-${tab}`}
        aria-labelledby={`import-tab-${tab}`}
        tabIndex={0}
        sx={{ pt: 2, maxHeight: 360, overflowY: 'auto' }}
      >
        {panel}
      </Box>
    </>
  );
}

/** Each row's changes under its row number, SKU and product. */
function RowChanges({ groups }: { groups: ImportRowChanges[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {groups.map((group) => (
        <Box component="li" key={group.row} sx={{ mb: 1.5 }}>
          <Typography variant="subtitle2" component="p">
            Row {group.row}
            {group.sku ? ` · ${group.sku}` : ''} · {group.product}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {group.changes.map((change, at) => (
              <Typography component="li" variant="body2" key={at} sx={{ fontFamily: 'monospace' }}>
                {importChangeText(change)}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
