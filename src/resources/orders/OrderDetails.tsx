import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { DetailList } from '../../components/resource/DetailList';
import type { FieldSpec } from '../../components/resource/presentation';
import { FieldValue } from '../../components/resource/FieldValue';
import { TitledSection } from '../../components/TitledSection';
import { formatDateTime, ordersContract, paymentMethodLabel, type Order } from '../../domain';
import { AddressBlock } from '../../components/AddressBlock';
import { OrderItemsTable } from './OrderItemsTable';
import { OrderTimeline } from './OrderTimeline';
import { RecordHistory } from '../../components/resource/RecordHistory';
import { OrderTotals } from './OrderTotals';

const fields = { columnGap: 2, rowGap: 0.75, alignItems: 'center', '& dd': { overflowWrap: 'anywhere' } } as const;
/** A part of the dialog under its quiet heading: its terms and values, or its own content. */
const section = (title: string, body: [string, ReactNode][] | ReactNode) => (
  <TitledSection quiet heading="h3" title={title}>
    {Array.isArray(body) ? <DetailList quiet sx={fields} rows={body as [string, ReactNode][]} /> : body}
  </TitledSection>
);

/** Every field of an order: the order, its customer, both addresses, the item lines and the sums. */
export function OrderDetails({ order, fields: specs }: { order: Order; fields: Record<string, FieldSpec<Order>> }) {
  const field = (name: string) => <FieldValue name={name} spec={specs[name]!} record={order} />;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {section('Order', [
          ['Order ID', order._id],
          ['Status', field('status')],
          ['Payment method', paymentMethodLabel(order.paymentMethod)],
          ['Payment status', field('paymentStatus')],
          ['Placed', formatDateTime(order.createdAt)],
          ['Last updated', formatDateTime(order.updatedAt)],
        ])}
        {section('Customer', [
          ['Name', order.user?.fullname || '—'],
          ['Email', order.user?.email || '—'],
          ['Phone', order.user?.phone || '—'],
        ])}
        {section('Shipping address', <AddressBlock address={order.shippingAddress} />)}
        {section('Billing address', <AddressBlock address={order.billingAddress} />)}
      </Box>
      {section('Items', <OrderItemsTable items={order.orderItems ?? []} />)}
      <OrderTotals order={order} />
      {section('Timeline', <OrderTimeline order={order} />)}
      <RecordHistory resource={ordersContract.name} id={order._id} />
    </Box>
  );
}
