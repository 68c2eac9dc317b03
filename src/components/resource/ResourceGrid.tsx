import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import type { HttpError } from '@refinedev/core';
import { serverMessageOr } from '../../providers/http';

interface ListQueryState {
  data?: { total?: number };
  error?: HttpError | null;
  isError: boolean;
  isLoading: boolean;
}

export interface ResourceGridProps<T extends GridValidRowModel> {
  /** From useDataGrid: rows, paging and sorting on the server. */
  dataGridProps: Omit<DataGridProps<T>, 'columns'>;
  tableQuery: ListQueryState;
  columns: GridColDef<T>[];
  /** Said when nothing is there, or nothing matches the search and filters. */
  emptyText: string;
  /** A load failure's text when the server gives no message of its own. */
  loadFailed: string;
  /** Put before the server's message ('Error: ' in the catalogue). */
  errorPrefix?: string;
  /** Shown instead of the grid on the first load (the spec's 'Loading banners...'). */
  loadingText?: string;
  /** Rows grow with their content (lists in cells); otherwise this fixed height. */
  rowHeight?: number | 'auto';
  /** Columns off until the admin shows them. */
  hidden?: string[];
}

/**
 * The one list grid: server-paged, its footer total the server's, its own empty text and a load error
 * above it. Every resource's list shows through it.
 */
export function ResourceGrid<T extends GridValidRowModel>({
  dataGridProps,
  tableQuery,
  columns,
  emptyText,
  loadFailed,
  errorPrefix = '',
  loadingText,
  rowHeight,
  hidden = [],
}: ResourceGridProps<T>) {
  const serverMessage = tableQuery.isError ? serverMessageOr(tableQuery.error, '') : '';
  const loadError = tableQuery.isError ? (serverMessage ? `${errorPrefix}${serverMessage}` : loadFailed) : undefined;
  return (
    <>
      {loadError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      )}
      <Paper variant="outlined">
        {loadingText && tableQuery.isLoading ? (
          <Typography role="status" sx={{ p: 3 }}>
            {loadingText}
          </Typography>
        ) : (
          <DataGrid<T>
            {...dataGridProps}
            // The server's total, 0 included: useDataGrid keeps the previous count when a search matches nothing.
            rowCount={tableQuery.data?.total ?? 0}
            columns={columns}
            pageSizeOptions={[10, 25, 50]}
            autoHeight
            disableColumnFilter
            disableRowSelectionOnClick
            initialState={{ columns: { columnVisibilityModel: Object.fromEntries(hidden.map((field) => [field, false])) } }}
            localeText={{ noRowsLabel: emptyText, noResultsOverlayLabel: emptyText }}
            {...(rowHeight === 'auto' ? { getRowHeight: () => 'auto' as const, getEstimatedRowHeight: () => 64 } : { rowHeight })}
            sx={{
              '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', ...(rowHeight === 'auto' && { py: 1.5, whiteSpace: 'normal', lineHeight: 1.4 }) },
            }}
          />
        )}
      </Paper>
    </>
  );
}
