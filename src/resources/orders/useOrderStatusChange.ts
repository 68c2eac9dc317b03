import { useUpdate, type HttpError } from '@refinedev/core';
import { useCallback } from 'react';
import type { Order, OrderStatus } from '../../domain';
import { serverMessageOr } from '../../providers/http';

const UPDATED = 'Order status updated successfully!';
const FAILED = 'Failed to update order status';

/**
 * Sets an order's status (any status at any time, SPEC.md section 4). The row changes in the list's
 * cached page at once, without reloading the list, and goes back if the server refuses; only the
 * order's details are refetched next time they are opened.
 */
export function useOrderStatusChange(): (order: Order, status: OrderStatus) => void {
  const { mutate } = useUpdate<Order, HttpError, { status: OrderStatus }>();
  return useCallback(
    (order, status) => {
      if (order.status === status) return;
      mutate({
        resource: 'orders',
        id: order._id,
        values: { status },
        mutationMode: 'optimistic',
        invalidates: ['detail'],
        successNotification: (response) => {
          const message = (response as { message?: unknown } | undefined)?.message;
          return { type: 'success', message: typeof message === 'string' && message ? message : UPDATED };
        },
        errorNotification: (error) => ({ type: 'error', message: serverMessageOr(error, FAILED) }),
      });
    },
    [mutate],
  );
}
