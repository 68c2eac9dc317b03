import { useCan } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { RecordDialog } from '../../components/resource/RecordDialog';
import ResourceListScreen from '../../components/resource/ResourceListScreen';
import { shortOrderId, type Order } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { OrderActionsMenu } from './OrderActionsMenu';
import { OrderDetails } from './OrderDetails';
import orders from './resource';
import { useOrderStatusChange } from './useOrderStatusChange';

/** The generated orders list with a menu per row: the order's details or, for a role that may, a new status. */
export default function OrderList() {
  const [detailsId, setDetailsId] = useState<string>();
  const changeStatus = useOrderStatusChange();
  // An order's only edit is its status (support may change it too, see the access control).
  const statusChangeable = useCan({ resource: 'orders', action: 'edit' }).data?.can === true;
  const menu = useCallback(
    (order: Order) => <OrderActionsMenu order={order} onViewDetails={(o) => setDetailsId(o._id)} onChangeStatus={statusChangeable ? changeStatus : undefined} />,
    [changeStatus, statusChangeable],
  );
  return (
    <ResourceListScreen definition={orders} rowExtra={menu}>
      <RecordDialog<Order>
        resource="orders"
        id={detailsId}
        title={(id) => `Order Details #${shortOrderId(id)}`}
        loadingLabel="Loading order details"
        failure={(error) => (error && error.statusCode !== 404 ? serverMessageOr(error, 'Failed to fetch order details') : 'Order not found')}
        closeIcon
        onClose={() => setDetailsId(undefined)}
      >
        {(order) => <OrderDetails order={order} />}
      </RecordDialog>
    </ResourceListScreen>
  );
}
