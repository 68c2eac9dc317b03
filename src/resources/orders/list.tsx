import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import type { CrudFilter, HttpError } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useCallback, useMemo, useState } from 'react';
import type { Order } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { OrderFilters } from './OrderFilters';
import { orderColumns } from './order-columns';
import { useOrderStatusChange } from './useOrderStatusChange';

export default function OrderList() {
  const { dataGridProps, tableQuery, setFilters, setCurrentPage } = useDataGrid<Order, HttpError>({
    resource: 'orders',
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    syncWithLocation: false,
    errorNotification: false,
  });
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const changeStatus = useOrderStatusChange();
  const columns = useMemo(
    () => orderColumns({ onViewDetails: (order) => setDetailsId(order._id), onChangeStatus: changeStatus }),
    [changeStatus],
  );
  const applyFilters = useCallback(
    (filters: CrudFilter[]) => {
      setFilters(filters, 'replace');
      setCurrentPage(1);
    },
    [setFilters, setCurrentPage],
  );
  const loadError = tableQuery.isError ? serverMessageOr(tableQuery.error, 'Failed to load orders') : null;
  const emptyText = loadError ?? 'No orders found';

  return (
    <Box component="section" aria-label="Orders">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Orders
      </Typography>
      <OrderFilters onChange={applyFilters} />
      {loadError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <DataGrid<Order>
          {...dataGridProps}
          // A search with no match answers total 0, which useDataGrid would not pass on.
          rowCount={tableQuery.data?.total ?? dataGridProps.rowCount}
          columns={columns}
          rowHeight={60}
          pageSizeOptions={[10, 25, 50]}
          autoHeight
          disableColumnSelector
          disableColumnFilter
          // A search or filter that matches nothing is an empty list too (the grid would say 'No results found.').
          localeText={{ noRowsLabel: emptyText, noResultsOverlayLabel: emptyText }}
        />
      </Paper>
      <OrderDetailsDialog orderId={detailsId} onClose={() => setDetailsId(null)} />
    </Box>
  );
}
