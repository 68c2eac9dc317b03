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
import { SearchField } from '../../components/SearchField';
import { ConfirmDialog } from '../../components/resource/ConfirmDialog';
import {
  formatCount,
  formatRupeesExact,
  PRODUCT_STATUS_LABELS,
  productsContract,
  SKU_BATCH_PATH,
  skuBatchSchema,
  stockContract,
  type SkuBatchReply,
  type StockSku,
} from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { parseTsv, pastedNumber, placeBlock } from './sku-sheet';

type Field = 'price' | 'mrp' | 'countInStock' | 'lowStockAt';
const EDITABLE = new Set<string>(['price', 'mrp', 'countInStock', 'lowStockAt'] satisfies Field[]);
const isEditable = (field: string): field is Field => EDITABLE.has(field);
type Values = Partial<Record<Field, number | null>>;
/** A SKU's unsaved values, with the row they were made on (it may be on another page by the time of saving). */
type Edit = { row: StockSku; values: Values };
/** A row as the grid shows it: the SKU with its unsaved values (a cleared cell null) and why it was not saved. */
type Row = Omit<StockSku, Field> & Record<Field, number | null> & { note?: string };

const PAGE_SIZES = [50, 100];
const TITLE_ID = 'sku-sheet-title';
const plural = (count: number, noun: string) => `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;

const number = (headerName: string, field: Field, width: number, format = formatCount): GridColDef<Row> => ({
  field,
  headerName,
  width,
  type: 'number',
  editable: true,
  sortable: false,
  valueFormatter: (value: number | null) => (value === null || value === undefined ? '' : format(value)),
});

const COLUMNS: GridColDef<Row>[] = [
  { field: 'product', headerName: 'Product', flex: 1, minWidth: 160, valueGetter: (_v, row) => row.product.name },
  { field: 'color', headerName: 'Colour', width: 110 },
  { field: 'size', headerName: 'Size', width: 70 },
  { field: 'sku', headerName: 'SKU', minWidth: 170, flex: 1 },
  number('Price', 'price', 100, formatRupeesExact),
  number('MRP', 'mrp', 100, formatRupeesExact),
  number('Stock', 'countInStock', 90),
  number('Low at', 'lowStockAt', 80),
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    valueFormatter: (value: StockSku['status']) => PRODUCT_STATUS_LABELS[value],
  },
  { field: 'note', headerName: 'Not saved', minWidth: 200, flex: 1.2, sortable: false },
];

/**
 * Edit prices & stock: the SKUs in a grid, a page at a time (searched by code or product name), whose
 * price, MRP, units on hand and low line are edited in place (Enter or typing edits a cell, Escape
 * leaves it), pasted into as a block from a spreadsheet, or filled down (Ctrl+D). Changed cells stay
 * marked until saved; Save sends every change, of every page, in one call, and a row the server refuses
 * (someone changed it since) keeps its values and says why.
 */
export default function SkuSheetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <SkuSheet onClose={onClose} /> : null;
}

function SkuSheet({ onClose }: { onClose: () => void }) {
  const apiRef = useGridApiRef();
  const { open: notify } = useNotification();
  const invalidate = useInvalidate();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const [page, setPage] = useState<GridPaginationModel>({ page: 0, pageSize: 50 });
  const { result, query } = useList<StockSku, HttpError>({
    resource: stockContract.name,
    filters: search ? [{ field: 'q', operator: 'contains', value: search }] : [],
    sorters: [{ field: 'sku', order: 'asc' }],
    pagination: { currentPage: page.page + 1, pageSize: page.pageSize },
    errorNotification: false,
  });
  const [edits, setEdits] = useState<ReadonlyMap<string, Edit>>(new Map());
  const [notes, setNotes] = useState<ReadonlyMap<string, string>>(new Map());
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [asking, setAsking] = useState<'discard' | 'close'>();
  const { mutate, mutation } = useCustomMutation<SkuBatchReply>();
  const saving = mutation.isPending;

  const loaded = result.data;
  const rows = useMemo<Row[]>(
    () => loaded.map((row) => ({ ...row, ...edits.get(row.sku)?.values, note: notes.get(row.sku) })),
    [loaded, edits, notes],
  );

  /** Sets these cells' values (a cell back at its loaded value is no longer a change). */
  const write = (cells: { row: StockSku; field: Field; value: number | null }[]) => {
    setNotes((before) => new Map([...before].filter(([sku]) => !cells.some(({ row }) => row.sku === sku))));
    setEdits((before) => {
      const next = new Map(before);
      for (const { row, field, value } of cells) {
        const values: Values = { ...next.get(row.sku)?.values, [field]: value };
        if (row[field] === value) delete values[field];
        if (Object.keys(values).length) next.set(row.sku, { row, values });
        else next.delete(row.sku);
      }
      return next;
    });
  };
  const loadedRow = (sku: string) => loaded.find((row) => row.sku === sku);

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
      rows.map((row) => row.sku),
      gridVisibleColumnFieldsSelector(apiRef),
      isEditable,
    );
    const cells = placed.cells.flatMap(({ row, field, text: cell }) => {
      const value = pastedNumber(cell);
      return value === undefined || !isEditable(field) ? [] : [{ row: loadedRow(row)!, field, value }];
    });
    write(cells);
    const left = [
      placed.overflow && `${plural(placed.overflow, 'row')} past the last row shown`,
      placed.skipped && `${plural(placed.skipped, 'cell')} in columns that cannot be edited`,
      placed.cells.length - cells.length && `${plural(placed.cells.length - cells.length, 'cell')} not a number`,
    ].filter(Boolean);
    notify?.({
      type: left.length ? 'error' : 'success',
      message: `Pasted ${plural(cells.length, 'cell')}${left.length ? `; left out: ${left.join(', ')}` : ''}`,
    });
  };

  /** Ctrl+D (⌘D): the focused cell takes the value above it, or, with rows ticked, the top ticked row's value fills the others'. */
  const onCellKeyDown = (params: GridCellParams<Row>, event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'd' || !isEditable(params.field)) return;
    event.preventDefault();
    (event as KeyboardEvent & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
    const field = params.field;
    const ticked = rows.filter((row) => selection.type === 'include' && selection.ids.has(row.sku));
    const [source, ...targets] =
      ticked.length > 1 ? ticked : [rows[rows.findIndex((row) => row.sku === params.id) - 1], params.row];
    if (!source) return;
    write(targets.map((row) => ({ row: loadedRow(row!.sku)!, field, value: source[field] ?? null })));
  };

  const save = () => {
    const changes = [...edits.values()].map(({ row, values }) => ({
      sku: row.sku,
      updatedAt: (loadedRow(row.sku) ?? row).updatedAt,
      ...values,
    }));
    // The product form's rules, before the call: a bad value is marked on its row.
    const checked = skuBatchSchema.safeParse({ changes });
    if (!checked.success) {
      const marks = new Map<string, string>();
      for (const issue of checked.error.issues) {
        const change = changes[issue.path[1] as number];
        if (change && !marks.has(change.sku)) marks.set(change.sku, `${String(issue.path[2])}: ${issue.message}`);
      }
      setNotes(marks);
      notify?.({
        type: 'error',
        message: `${plural(marks.size, 'row')} cannot be saved as they are: see the marked rows`,
      });
      return;
    }
    mutate(
      {
        url: productsContract.url(SKU_BATCH_PATH),
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
          const refused = data.results.filter((result) => result.status !== 200);
          setEdits((before) => new Map([...before].filter(([sku]) => refused.some((result) => result.sku === sku))));
          setNotes(new Map(refused.map((result) => [result.sku, result.message ?? 'Not saved'])));
          void invalidate({ resource: productsContract.name, invalidates: ['list', 'detail'] });
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
    <Dialog open fullScreen onClose={saving ? undefined : close} aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>Edit prices & stock</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <SearchField
            label="Search SKUs"
            placeholder="SKU or product name"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setPage((model) => ({ ...model, page: 0 }));
            }}
          />
          <Typography id="sku-sheet-help" variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 260 }}>
            Enter or typing edits a cell. Paste a block copied from a spreadsheet at the focused cell. Ctrl+D copies the
            value above (or, with rows ticked, the top ticked row's value down them).
          </Typography>
          <Typography role="status" variant="body2" fontWeight={600}>
            {changed ? `${plural(changed, 'SKU')} changed, not saved` : 'No unsaved changes'}
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
            {serverMessageOr(query.error, 'Failed to load the SKUs')}
          </Alert>
        )}
        <Box onPasteCapture={onPaste} sx={{ flex: 1, minHeight: 360 }}>
          <DataGrid<Row>
            apiRef={apiRef}
            aria-label="SKUs: prices and stock"
            aria-describedby="sku-sheet-help"
            rows={rows}
            columns={COLUMNS}
            getRowId={(row) => row.sku}
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
              const base = loadedRow(row.sku)!;
              write(
                [...EDITABLE].map((field) => ({
                  row: base,
                  field: field as Field,
                  value: row[field as Field] ?? null,
                })),
              );
              return row;
            }}
            onCellKeyDown={onCellKeyDown}
            getCellClassName={(params) =>
              edits.get(String(params.id))?.values[params.field as Field] !== undefined ? 'changed' : ''
            }
            getRowClassName={(params) => (notes.has(String(params.id)) ? 'refused' : '')}
            localeText={{
              noRowsLabel: search ? 'No SKUs match this search.' : 'No SKUs yet: a product’s sizes appear here.',
            }}
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
          {saving ? 'Saving…' : changed ? `Save ${plural(changed, 'SKU')}` : 'Save'}
        </Button>
      </DialogActions>
      <ConfirmDialog
        title={asking && `Discard ${plural(changed, 'unsaved change')}?`}
        text="The values you typed or pasted and have not saved will be lost."
        confirm="Discard"
        busy={false}
        onCancel={() => setAsking(undefined)}
        onConfirm={confirmed}
      />
    </Dialog>
  );
}
