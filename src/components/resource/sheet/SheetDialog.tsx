import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import {
  DataGrid,
  gridFocusCellSelector,
  gridVisibleColumnFieldsSelector,
  useGridApiRef,
  type GridCellParams,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { useCustomMutation, useInvalidate, useList, useNotification, type HttpError } from '@refinedev/core';
import { useEffect, useMemo, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { countOf, formatCount, formatRupeesExact } from '../../../domain/format';
import { serverMessageOr } from '../../../providers/http';
import { afterPause } from '../../after-pause';
import { SearchField } from '../../SearchField';
import { ConfirmDialog } from '../ConfirmDialog';
import type { ListDialogProps, SheetDeclaration } from '../presentation';
import { parseTsv, pastedNumber, placeBlock } from './paste';

type Values = Record<string, number | null>;
/** A row as its list loads it, named by the sheet's `key` and versioned by `updatedAt`. */
type Loaded = Record<string, unknown> & { updatedAt?: string };
/** A row's unsaved values, with the row they were made on (it may be on another page by the time of saving). */
type Edit = { row: Loaded; values: Values };
/** A row as the grid shows it: with its unsaved values (a cleared cell null) and why it was not saved. */
type Row = Loaded & { note?: string };
/** The save's answer: each row's result (200 saved; else refused, with the reason). */
interface SaveReply {
  success: boolean;
  message: string;
  results: (Record<string, unknown> & { status: number; message?: string })[];
}

const PAGE_SIZES = [50, 100];

/** The declared columns as the grid's, an edited one a number, then why a row was not saved. */
function gridColumns({ columns }: SheetDeclaration<never>): GridColDef<Row>[] {
  return [
    ...columns.map(({ field, label, edit, value, format, ...size }): GridColDef<Row> => {
      const number = edit === 'money' ? formatRupeesExact : formatCount;
      return {
        field,
        headerName: label,
        ...size,
        ...(value && { valueGetter: (_value: unknown, row: Row) => value(row as never) }),
        ...(format && { valueFormatter: (shown: unknown) => format(shown as never) }),
        ...(edit && {
          type: 'number',
          editable: true,
          sortable: false,
          valueFormatter: (shown: number | null) => (shown === null || shown === undefined ? '' : number(shown)),
        }),
      };
    }),
    { field: 'note', headerName: 'Not saved', minWidth: 200, flex: 1.2, sortable: false },
  ];
}

/**
 * A list's sheet (its presentation's `sheet`): another list's rows in a grid, a page at a time (searched),
 * whose number columns are edited in place (Enter or typing edits a cell, Escape leaves it), pasted into
 * as a block from a spreadsheet, or filled down (Ctrl+D). Changed cells stay marked until saved; Save
 * sends every change, of every page, in one call, and a row the server refuses (someone changed it
 * since) keeps its values and says why.
 */
export default function SheetDialog({ open, ...props }: ListDialogProps) {
  return open ? <Sheet {...props} /> : null;
}

function Sheet({ presentation, onClose }: Omit<ListDialogProps, 'open'>) {
  const sheet = presentation.sheet!;
  const { key, noun } = sheet;
  const columns = useMemo(() => gridColumns(sheet), [sheet]);
  const editable = useMemo(
    () => new Set(sheet.columns.filter((column) => column.edit).map(({ field }) => field)),
    [sheet],
  );
  const isEditable = (field: string) => editable.has(field);
  const apiRef = useGridApiRef();
  const { open: notify } = useNotification();
  const invalidate = useInvalidate();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => afterPause(() => setSearch(typed.trim()), 300), [typed]);
  const [page, setPage] = useState<GridPaginationModel>({ page: 0, pageSize: 50 });
  const { result, query } = useList<Loaded, HttpError>({
    resource: sheet.source.name,
    filters: search ? [{ field: 'q', operator: 'contains', value: search }] : [],
    sorters: [{ field: key, order: 'asc' }],
    pagination: { currentPage: page.page + 1, pageSize: page.pageSize },
    errorNotification: false,
  });
  const [edits, setEdits] = useState<ReadonlyMap<string, Edit>>(new Map());
  const [notes, setNotes] = useState<ReadonlyMap<string, string>>(new Map());
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [asking, setAsking] = useState<'discard' | 'close'>();
  const { mutate, mutation } = useCustomMutation<SaveReply>();
  const saving = mutation.isPending;

  const idOf = (row: Loaded) => String(row[key]);
  const loaded = result.data;
  const rows = useMemo<Row[]>(
    () => loaded.map((row) => ({ ...row, ...edits.get(String(row[key]))?.values, note: notes.get(String(row[key])) })),
    [loaded, edits, notes, key],
  );
  const loadedRow = (id: string) => loaded.find((row) => idOf(row) === id)!;

  /** Sets these cells' values (a cell back at its loaded value is no longer a change). */
  const write = (cells: { row: Loaded; field: string; value: number | null }[]) => {
    setNotes((before) => new Map([...before].filter(([id]) => !cells.some(({ row }) => idOf(row) === id))));
    setEdits((before) => {
      const next = new Map(before);
      for (const { row, field, value } of cells) {
        const id = idOf(row);
        const values: Values = { ...next.get(id)?.values, [field]: value };
        if (row[field] === value) delete values[field];
        if (Object.keys(values).length) next.set(id, { row, values });
        else next.delete(id);
      }
      return next;
    });
  };

  const onPaste = (event: ClipboardEvent) => {
    const at = gridFocusCellSelector(apiRef);
    const text = event.clipboardData.getData('text/plain');
    if (!at || !text) return;
    const block = parseTsv(text);
    const editing = apiRef.current?.getCellMode(at.id, at.field) === 'edit';
    // A single value pasted into a cell being edited is the input's own paste.
    if (editing && block.length <= 1 && (block[0]?.length ?? 0) <= 1) return;
    event.preventDefault();
    if (editing) apiRef.current?.stopCellEditMode({ id: at.id, field: at.field, ignoreModifications: true });
    const placed = placeBlock(
      block,
      { row: String(at.id), field: at.field },
      rows.map(idOf),
      gridVisibleColumnFieldsSelector(apiRef),
      isEditable,
    );
    const cells = placed.cells.flatMap(({ row, field, text: cell }) => {
      const value = pastedNumber(cell);
      return value === undefined ? [] : [{ row: loadedRow(row), field, value }];
    });
    write(cells);
    const left = [
      placed.overflow && `${countOf(placed.overflow, 'row')} past the last row shown`,
      placed.skipped && `${countOf(placed.skipped, 'cell')} in columns that cannot be edited`,
      placed.cells.length - cells.length && `${countOf(placed.cells.length - cells.length, 'cell')} not a number`,
    ].filter(Boolean);
    notify?.({
      type: left.length ? 'error' : 'success',
      message: `Pasted ${countOf(cells.length, 'cell')}${left.length ? `; left out: ${left.join(', ')}` : ''}`,
    });
  };

  /** Ctrl+D (⌘D): the focused cell takes the value above it, or, with rows ticked, the top ticked row's value fills the others'. */
  const onCellKeyDown = (params: GridCellParams<Row>, event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'd' || !isEditable(params.field)) return;
    event.preventDefault();
    (event as KeyboardEvent & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
    const { field } = params;
    const ticked = rows.filter((row) => selection.type === 'include' && selection.ids.has(idOf(row)));
    const [source, ...targets] =
      ticked.length > 1 ? ticked : [rows[rows.findIndex((row) => idOf(row) === params.id) - 1], params.row];
    if (!source) return;
    write(targets.map((row) => ({ row: loadedRow(idOf(row!)), field, value: (source[field] as number) ?? null })));
  };

  const save = () => {
    const changes = [...edits].map(([id, { row, values }]) => ({
      [key]: id,
      updatedAt: (loaded.find((one) => idOf(one) === id) ?? row).updatedAt,
      ...values,
    }));
    // The resource's own rules, before the call: a bad value is marked on its row.
    const checked = sheet.save.schema.safeParse({ changes });
    if (!checked.success) {
      const marks = new Map<string, string>();
      for (const issue of checked.error.issues) {
        const id = changes[issue.path[1] as number]?.[key] as string | undefined;
        if (id !== undefined && !marks.has(id)) marks.set(id, `${String(issue.path[2])}: ${issue.message}`);
      }
      setNotes(marks);
      notify?.({
        type: 'error',
        message: `${countOf(marks.size, 'row')} cannot be saved as they are: see the marked rows`,
      });
      return;
    }
    mutate(
      {
        url: sheet.save.url,
        method: 'post',
        values: { changes },
        successNotification: (response) => ({
          type: response?.data.success ? 'success' : 'error',
          message: response?.data.message ?? '',
        }),
        errorNotification: (error) => ({
          type: 'error',
          message: serverMessageOr(error, 'Failed to save the changes'),
        }),
      },
      {
        onSuccess: ({ data }) => {
          const refused = new Map(
            data.results
              .filter((one) => one.status !== 200)
              .map((one) => [String(one[key]), one.message ?? 'Not saved']),
          );
          setEdits((before) => new Map([...before].filter(([id]) => refused.has(id))));
          setNotes(refused);
          void invalidate({ resource: presentation.name, invalidates: ['list', 'detail'] });
          void query.refetch();
        },
      },
    );
  };

  const changed = edits.size;
  const close = () => (changed ? setAsking('close') : onClose());
  const confirmed = () => {
    setAsking(undefined);
    setEdits(new Map());
    setNotes(new Map());
    if (asking === 'close') onClose();
  };

  return (
    <Dialog open fullScreen onClose={saving ? undefined : close} aria-labelledby="sheet-title">
      <DialogTitle id="sheet-title">{sheet.title}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <SearchField
            label={`Search ${noun}s`}
            placeholder={sheet.searchPlaceholder}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setPage((model) => ({ ...model, page: 0 }));
            }}
          />
          <Typography id="sheet-help" variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 260 }}>
            Enter or typing edits a cell. Paste a block copied from a spreadsheet at the focused cell. Ctrl+D copies the
            value above (or, with rows ticked, the top ticked row's value down them).
          </Typography>
          <Typography role="status" variant="body2" fontWeight={600}>
            {changed ? `${countOf(changed, noun)} changed, not saved` : 'No unsaved changes'}
          </Typography>
        </Box>
        {query.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            {serverMessageOr(query.error, `Failed to load the ${noun}s`)}
          </Alert>
        )}
        <Box onPasteCapture={onPaste} sx={{ flex: 1, minHeight: 360 }}>
          <DataGrid<Row>
            apiRef={apiRef}
            aria-label={sheet.label}
            aria-describedby="sheet-help"
            rows={rows}
            columns={columns}
            getRowId={idOf}
            loading={query.isFetching}
            rowCount={result.total ?? 0}
            paginationMode="server"
            paginationModel={page}
            onPaginationModelChange={setPage}
            pageSizeOptions={PAGE_SIZES}
            checkboxSelection
            disableRowSelectionOnClick
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            disableColumnFilter
            processRowUpdate={(row) => {
              const base = loadedRow(idOf(row));
              write([...editable].map((field) => ({ row: base, field, value: (row[field] as number) ?? null })));
              return row;
            }}
            onCellKeyDown={onCellKeyDown}
            getCellClassName={(params) =>
              edits.get(String(params.id))?.values[params.field] !== undefined ? 'changed' : ''
            }
            getRowClassName={(params) => (notes.has(String(params.id)) ? 'refused' : '')}
            localeText={{ noRowsLabel: search ? `No ${noun}s match this search.` : sheet.empty }}
            sx={(theme) => ({
              '& .changed': { bgcolor: alpha(theme.palette.warning.main, 0.18), fontWeight: 700 },
              '& .refused': { bgcolor: alpha(theme.palette.error.main, 0.08) },
              '& .refused .MuiDataGrid-cell[data-field="note"]': {
                color: theme.palette.mode === 'dark' ? 'error.light' : 'error.dark',
                fontWeight: 600,
              },
            })}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={() => setAsking('discard')} disabled={!changed || saving}>
          Discard changes
        </Button>
        <Button onClick={close} disabled={saving}>
          Close
        </Button>
        <Button variant="contained" onClick={save} disabled={!changed || saving}>
          {saving ? 'Saving…' : changed ? `Save ${countOf(changed, noun)}` : 'Save'}
        </Button>
      </DialogActions>
      <ConfirmDialog
        title={asking && `Discard ${countOf(changed, 'unsaved change')}?`}
        text="The values you typed or pasted and have not saved will be lost."
        confirm="Discard"
        busy={false}
        onCancel={() => setAsking(undefined)}
        onConfirm={confirmed}
      />
    </Dialog>
  );
}
