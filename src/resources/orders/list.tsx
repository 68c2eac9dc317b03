import Box from '@mui/material/Box';
import { useCan } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { fieldColumns } from '../../components/resource/columns';
import { ListFilters, listFiltersOf } from '../../components/resource/ListFilters';
import { ListHeader } from '../../components/resource/ListHeader';
import { ResourceGrid } from '../../components/resource/ResourceGrid';
import { rowActionsColumn } from '../../components/resource/RowActions';
import { useResourceGrid } from '../../components/resource/useResourceGrid';
import type { Order } from '../../domain';
import { OrderActionsMenu } from './OrderActionsMenu';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import orders from './resource';
import { useOrderStatusChange } from './useOrderStatusChange';

const { texts } = orders;
const filters = listFiltersOf(orders);

/** The orders grid with its filters; each row's menu opens the order's details or, for a role that may, changes its status. */
export default function OrderList() {
  const { dataGridProps, tableQuery, onFilters } = useResourceGrid(orders);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const changeStatus = useOrderStatusChange();
  // An order's only edit is its status (support may change it too, see the access control).
  const statusChangeable = useCan({ resource: 'orders', action: 'edit' }).data?.can === true;
  const columns = useMemo(
    () => [
      ...fieldColumns(orders),
      {
        ...rowActionsColumn<Order & { id: string }>({
          label: orders.recordLabel!,
          extra: (order) => (
            <OrderActionsMenu order={order} onViewDetails={(o) => setDetailsId(o._id)} onChangeStatus={statusChangeable ? changeStatus : undefined} />
          ),
        }),
        align: 'center' as const,
        headerAlign: 'center' as const,
      },
    ],
    [changeStatus, statusChangeable],
  );

  return (
    <Box component="section" aria-label={texts.title}>
      <ListHeader title={texts.title} />
      <ListFilters {...filters} onChange={onFilters} />
      <ResourceGrid
        dataGridProps={dataGridProps}
        tableQuery={tableQuery}
        columns={columns}
        emptyText={texts.empty}
        loadFailed={texts.loadFailed!}
        rowHeight={orders.rowHeight}
      />
      <OrderDetailsDialog orderId={detailsId} onClose={() => setDetailsId(null)} />
    </Box>
  );
}
