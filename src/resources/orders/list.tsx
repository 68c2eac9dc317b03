import PrintOutlined from '@mui/icons-material/PrintOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useCan, useUpdate, type HttpError } from '@refinedev/core';
import { useCallback } from 'react';
import { ActionsMenu } from '../../components/ActionsMenu';
import { choices } from '../../components/resource/presentation';
import ResourceListScreen from '../../components/resource/ResourceListScreen';
import {
  ORDER_DRAFT,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  shortOrderId,
  type Order,
  type OrderStatus,
} from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { OrderDetails } from './OrderDetails';
import orders from './resource';

/** The statuses an order is set to from its row (a draft is placed instead). */
const STATUS_CHOICES = choices(ORDER_STATUSES, ORDER_STATUS_LABELS);

/**
 * The generated orders list with a menu per row: the order's details, its packing slip and, for a role
 * that may, a new status, the current one ticked.
 */
export default function OrderList() {
  const { mutate } = useUpdate<Order, HttpError, { status: OrderStatus }>();
  // An order's only edit is its status (support may change it too, see the access control).
  const statusChangeable = useCan({ resource: 'orders', action: 'edit' }).data?.can === true;
  const menu = useCallback(
    (order: Order, view: (order: Order) => void) => (
      <ActionsMenu
        id={`order-actions-${order._id}`}
        label={`Actions for order #${shortOrderId(order._id)}`}
        actions={[
          { label: 'View Details', icon: VisibilityOutlined, onClick: () => view(order) },
          { label: 'Print packing slip', icon: PrintOutlined, to: `/orders/${order._id}/print` },
        ]}
        // A draft is placed rather than set; a role that may not change a status gets no choice.
        choice={
          statusChangeable && order.status !== ORDER_DRAFT
            ? {
                heading: 'Update status',
                options: STATUS_CHOICES,
                current: order.status,
                // Any status at any time: the row changes in the list's cached page at once, without reloading
                // the list, and goes back if the server refuses; the order's details are refetched when next opened.
                onChoose: (status) =>
                  status !== order.status &&
                  mutate({
                    resource: 'orders',
                    id: order._id,
                    values: { status: status as OrderStatus },
                    mutationMode: 'optimistic',
                    invalidates: ['detail'],
                    successNotification: (response) => ({
                      type: 'success',
                      message:
                        (response as { message?: string } | undefined)?.message || 'Order status updated successfully!',
                    }),
                    errorNotification: (error) => ({
                      type: 'error',
                      message: serverMessageOr(error, 'Failed to update order status'),
                    }),
                  }),
              }
            : undefined
        }
      />
    ),
    [mutate, statusChangeable],
  );
  return (
    <ResourceListScreen
      presentation={orders}
      rowExtra={menu}
      details={{
        title: (id) => `Order Details #${shortOrderId(id)}`,
        loadingLabel: 'Loading order details',
        failure: (error) =>
          error && error.statusCode !== 404
            ? serverMessageOr(error, 'Failed to fetch order details')
            : 'Order not found',
        closeIcon: true,
        children: (order) => <OrderDetails order={order} />,
      }}
    />
  );
}
