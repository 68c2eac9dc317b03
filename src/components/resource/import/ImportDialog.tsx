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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HttpError } from '@refinedev/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FileImportApplied, FileImportPreview } from '../../../domain/file-import';
import { countOf, formatCount } from '../../../domain/format';
import { ApiError, apiResponse, serverMessageOr } from '../../../providers/http';
import { postFileWithProgress } from '../../../providers/upload-progress';
import { saveFile } from '../ExportButton';
import { useRecordCall } from '../RecordCalls';
import type { ImportDeclaration, ListDialogProps } from '../presentation';
import { importErrorRows } from './changes';
import { PastImports, useImportCalls } from './PastImports';
import { PreviewTabs } from './PreviewTabs';

const rows = (n: number) => countOf(n, 'row');
const MB = 1024 * 1024;

type Step =
  | { kind: 'choose'; error?: string }
  /** `sent`: the share of the file uploaded; at 1 the server is reading and checking its rows. */
  | { kind: 'checking'; file: File; sent: number }
  | { kind: 'preview'; file: File; preview: FileImportPreview; refusal?: { message: string; conflict: boolean } }
  | { kind: 'applied'; fileName: string; importId: string; applied: FileImportApplied; undone: boolean };

/** A refusal of the file in the server's words, without the field name its message starts with ('file: …'). */
const fileProblem = (error: unknown) =>
  error instanceof ApiError && error.fromServer
    ? (error.errors?.file ?? error.message)
    : `The file could not be checked: ${(error as Error).message}`;

/**
 * A resource's import (its presentation's `fileImport`): the file is uploaded and checked (a dry run
 * that writes nothing), its effect previewed by tab (new rows, changed rows, unchanged, errors), then
 * applied or cancelled; once applied it can be undone. Past imports are a view of the same dialog.
 */
export default function ImportDialog({ presentation, open, onClose }: ListDialogProps) {
  const declared = presentation.fileImport!;
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [view, setView] = useState<'import' | 'history'>('import');
  const uploading = useRef<AbortController>(undefined);
  const calls = useImportCalls(presentation, () =>
    setStep((current) => (current.kind === 'applied' ? { ...current, undone: true } : current)),
  );
  const { call: commit, busy: committing } = useRecordCall();

  const check = async (file: File) => {
    if (file.size > declared.maxBytes)
      return setStep({
        kind: 'choose',
        error: `${file.name} is ${(file.size / MB).toFixed(1)} MB: a CSV may be at most ${declared.maxBytes / MB} MB`,
      });
    const controller = (uploading.current = new AbortController());
    setStep({ kind: 'checking', file, sent: 0 });
    try {
      const preview = (await postFileWithProgress(calls.url('preview'), file, {
        signal: controller.signal,
        onProgress: (sent) => setStep((current) => (current.kind === 'checking' ? { ...current, sent } : current)),
      })) as FileImportPreview;
      setStep({ kind: 'preview', file, preview });
      calls.refresh(false);
    } catch (error) {
      setStep({ kind: 'choose', error: controller.signal.aborted ? undefined : fileProblem(error) });
    }
  };

  const apply = ({ preview, file }: Extract<Step, { kind: 'preview' }>) =>
    commit(
      calls.url('commit', preview.importId) + (preview.errors.length > 0 ? '?skipErrors=true' : ''),
      {},
      {
        done: 'Import applied',
        failed: false,
      },
    ).then(
      ({ data }) => {
        const applied = data as FileImportApplied;
        setStep({ kind: 'applied', fileName: file.name, importId: preview.importId, applied, undone: false });
        calls.refresh(true);
      },
      (error: HttpError) =>
        setStep({
          kind: 'preview',
          file,
          preview,
          refusal: {
            message: serverMessageOr(error, `The import could not be applied: ${error.message}`),
            conflict: error.statusCode === 409,
          },
        }),
    );

  const close = () => {
    uploading.current?.abort();
    onClose();
  };
  const restart = () => setStep({ kind: 'choose' });

  let body: ReactNode;
  let actions: ReactNode;
  if (view === 'history') {
    body = <PastImports contract={declared.contract} undo={calls} />;
  } else if (step.kind === 'choose') {
    body = <ChooseFile presentation={presentation} error={step.error} onFile={(file) => void check(file)} />;
    actions = <Button onClick={close}>Cancel</Button>;
  } else if (step.kind === 'checking') {
    const validating = step.sent >= 1;
    body = (
      <Box role="status" aria-live="polite" sx={{ py: 2 }}>
        <Typography id="import-progress-label" sx={{ mb: 1 }}>
          {validating ? `Checking the rows of ${step.file.name}…` : `Uploading ${step.file.name}…`}
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
    const again = (
      <Button color="inherit" size="small" onClick={() => void check(file)}>
        Check the file again
      </Button>
    );
    body = (
      <>
        <Typography sx={{ mb: 1 }}>
          Checked <strong>{file.name}</strong>: nothing is written until you apply it.
        </Typography>
        {refusal && (
          <Alert severity="error" sx={{ mb: 2 }} action={refusal.conflict ? again : undefined}>
            {refusal.message}
          </Alert>
        )}
        <PreviewTabs preview={preview} declared={declared} />
        {errorRows > 0 && toApply > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {rows(errorRows)} {errorRows === 1 ? 'has' : 'have'} errors (see Errors). Applying now writes the{' '}
            {rows(toApply)} that add or change something and skips the rows with errors; or correct the file and choose
            it again.
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
    const valid = toApply + preview.unchanged;
    actions = (
      <>
        <Button onClick={close} disabled={committing}>
          Cancel
        </Button>
        <Button onClick={restart} disabled={committing}>
          Choose another file
        </Button>
        <Button variant="contained" disabled={toApply === 0 || committing} onClick={() => void apply(step)}>
          {committing ? 'Applying…' : errorRows > 0 ? `Apply the ${formatCount(valid)} valid rows` : 'Apply'}
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
            ? `The import of ${fileName} is undone: the ${declared.whole} is as it was before it.`
            : `Imported ${fileName}: ${rows(applied.creates)} added, ${rows(applied.updates)} changed` +
              (skipped > 0 ? `, ${rows(skipped)} with errors skipped.` : '.')}
        </Alert>
        {calls.error?.id === importId && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {calls.error.message}
          </Alert>
        )}
      </>
    );
    actions = (
      <>
        {!undone && (
          <Button color="warning" disabled={calls.busy} onClick={() => calls.ask(importId, fileName)}>
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

  const busy = step.kind === 'checking' || committing;
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
        slotProps={{ transition: { onExited: () => (setStep({ kind: 'choose' }), setView('import')) } }}
      >
        <DialogTitle id="import-dialog-title" ref={title} tabIndex={-1} sx={{ outline: 'none' }}>
          {view === 'history' ? 'Past imports' : `Import ${presentation.plural}`}
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
      {calls.dialog}
    </>
  );
}

/** The file input, what the file should hold, and where to get one: the resource's list as the import's file. */
function ChooseFile({
  presentation: { contract, fileImport },
  error,
  onFile,
}: Pick<ListDialogProps, 'presentation'> & { error?: string; onFile: (file: File) => void }) {
  const { whole, template, intro, maxBytes, maxRows } = fileImport as ImportDeclaration;
  const [downloading, setDownloading] = useState<boolean | string>(false);
  const download = async () => {
    setDownloading(true);
    try {
      const response = await apiResponse(contract.routes.list!.url, { query: { format: 'csv', ...template } });
      const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
      saveFile(await response.blob(), named ?? `${whole}.csv`);
      setDownloading(false);
    } catch (failure) {
      setDownloading(serverMessageOr(failure, `The ${whole} file could not be downloaded`));
    }
  };
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {intro} The file is checked first and nothing is written until you apply it.
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
        helperText={`UTF-8 CSV, at most ${maxBytes / MB} MB and ${formatCount(maxRows)} rows`}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: '.csv,text/csv' } }}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          const file = input.files?.[0];
          input.value = '';
          if (file) onFile(file);
        }}
      />
      <Box sx={{ mt: 2 }}>
        <Button startIcon={<FileDownloadOutlined />} onClick={() => void download()} disabled={downloading === true}>
          {downloading === true ? 'Downloading…' : `Download the ${whole} file`}
        </Button>
        {typeof downloading === 'string' && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {downloading}
          </Alert>
        )}
      </Box>
    </>
  );
}
