import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useDataGrid } from '@refinedev/mui';
import { serverMessageOr } from '../../providers/http';
import type { ReactNode } from 'react';

interface ResourceListPageProps<Row extends GridValidRowModel> {
  /** The Refine resource (and ENDPOINTS key) to list. */
  resource: string;
  title: string;
  columns: GridColDef<Row>[];
  /** Shown above the grid, right of the title: filters, an add button. */
  actions?: ReactNode;
  pageSize?: number;
  /** Rows taller than one line of text (several lines in a cell): 'auto' fits each row to its content. */
  rowHeight?: number | 'auto';
  /** Title of the notification when the list fails to load; the server's message is its detail. */
  loadErrorTitle?: string;
}

/**
 * A titled, server-paged DataGrid over one resource, driven by column declarations. Paging, sorting
 * and filtering go through the data provider, which asks the server or falls back to the browser.
 */
export function ResourceListPage<Row extends GridValidRowModel>({
  resource,
  title,
  columns,
  actions,
  pageSize = 10,
  rowHeight,
  loadErrorTitle,
}: ResourceListPageProps<Row>) {
  const { dataGridProps } = useDataGrid<Row>({
    resource,
    pagination: { pageSize },
    syncWithLocation: false,
    errorNotification: loadErrorTitle
      ? (error) => ({ type: 'error', message: loadErrorTitle, description: serverMessageOr(error, '') || undefined })
      : undefined,
  });
  const heights: Partial<DataGridProps<Row>> =
    rowHeight === 'auto'
      ? { getRowHeight: () => 'auto', getEstimatedRowHeight: () => 64, sx: { '& .MuiDataGrid-cell': { py: 1 } } }
      : rowHeight
        ? { rowHeight }
        : {};

  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {actions}
      </Box>
      <Paper variant="outlined">
        <DataGrid<Row>
          {...dataGridProps}
          columns={columns}
          pageSizeOptions={[10, 25, 50]}
          {...heights}
          autoHeight
          disableColumnSelector
        />
      </Paper>
    </Box>
  );
}
