import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useDataGrid } from '@refinedev/mui';
import type { ReactNode } from 'react';

interface ResourceListPageProps<Row extends GridValidRowModel> {
  /** The Refine resource (and ENDPOINTS key) to list. */
  resource: string;
  title: string;
  columns: GridColDef<Row>[];
  /** Shown above the grid, right of the title: filters, an add button. */
  actions?: ReactNode;
  pageSize?: number;
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
}: ResourceListPageProps<Row>) {
  const { dataGridProps } = useDataGrid<Row>({ resource, pagination: { pageSize }, syncWithLocation: false });

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
          autoHeight
          disableColumnSelector
        />
      </Paper>
    </Box>
  );
}
