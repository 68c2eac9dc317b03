import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { DetailList } from '../../components/resource/DetailList';
import { StatusBadge } from '../../components/StatusBadge';
import { TitledSection } from '../../components/TitledSection';
import {
  formatDateTime,
  ORDER_STATUS_COLOURS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_COLOURS,
  PAYMENT_STATUS_LABELS,
  ordersContract,
  paymentMethodLabel,
  type Order,
} from '../../domain';
import { AddressBlock } from '../../components/AddressBlock';
import { OrderItemsTable } from './OrderItemsTable';
import { OrderTimeline } from './OrderTimeline';
import { RecordHistory } from '../../components/resource/RecordHistory';
import { OrderTotals } from './OrderTotals';

const fields = { columnGap: 2, rowGap: 0.75, alignItems: 'center', '& dd': { overflowWrap: 'anywhere' } } as const;
const details = (rows: [string, ReactNode][]) => <DetailList quiet sx={fields} rows={rows} />;

/** Every field of an order: the order, its customer, both addresses, the item lines and the sums. */
export function OrderDetails({ order }: { order: Order }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TitledSection quiet heading="h3" title="Order">
          {details([
            ['Order ID', order._id],
            [
              'Status',
              <StatusBadge status={order.status} colours={ORDER_STATUS_COLOURS} labels={ORDER_STATUS_LABELS} />,
            ],
            ['Payment method', paymentMethodLabel(order.paymentMethod)],
            [
              'Payment status',
              order.paymentResult?.status ? (
                <StatusBadge
                  status={order.paymentResult.status}
                  colours={PAYMENT_STATUS_COLOURS}
                  labels={PAYMENT_STATUS_LABELS}
                />
              ) : (
                '—'
              ),
            ],
            ['Placed', formatDateTime(order.createdAt)],
            ['Last updated', formatDateTime(order.updatedAt)],
          ])}
        </TitledSection>
        <TitledSection quiet heading="h3" title="Customer">
          {details([
            ['Name', order.user?.fullname || '—'],
            ['Email', order.user?.email || '—'],
            ['Phone', order.user?.phone || '—'],
          ])}
        </TitledSection>
        <TitledSection quiet heading="h3" title="Shipping address">
          <AddressBlock address={order.shippingAddress} />
        </TitledSection>
        <TitledSection quiet heading="h3" title="Billing address">
          <AddressBlock address={order.billingAddress} />
        </TitledSection>
      </Box>
      <TitledSection quiet heading="h3" title="Items">
        <OrderItemsTable items={order.orderItems ?? []} />
      </TitledSection>
      <OrderTotals order={order} />
      <TitledSection quiet heading="h3" title="Timeline">
        <OrderTimeline order={order} />
      </TitledSection>
      <RecordHistory resource={ordersContract.name} id={order._id} />
    </Box>
  );
}
