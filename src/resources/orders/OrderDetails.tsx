import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../components/StatusBadge';
import {
  ORDER_STATUS_COLOURS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_COLOURS,
  PAYMENT_STATUS_LABELS,
  paymentMethodLabel,
  type Order,
} from '../../domain';
import { AddressBlock } from './AddressBlock';
import { OrderItemsTable } from './OrderItemsTable';
import { OrderTotals } from './OrderTotals';

const dateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
    <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1, textTransform: 'uppercase', letterSpacing: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

const fieldList = { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0, alignItems: 'center' } as const;

/** Every field of an order (SPEC.md section 3): the order, its customer, both addresses, the item lines and the sums. */
export function OrderDetails({ order }: { order: Order }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Section title="Order">
          <Box component="dl" sx={fieldList}>
            <Field label="Order ID">{order._id}</Field>
            <Field label="Status">
              <StatusBadge status={order.status} colours={ORDER_STATUS_COLOURS} labels={ORDER_STATUS_LABELS} />
            </Field>
            <Field label="Payment method">{paymentMethodLabel(order.paymentMethod)}</Field>
            <Field label="Payment status">
              {order.paymentResult?.status ? (
                <StatusBadge status={order.paymentResult.status} colours={PAYMENT_STATUS_COLOURS} labels={PAYMENT_STATUS_LABELS} />
              ) : (
                '—'
              )}
            </Field>
            <Field label="Placed">{dateTime(order.createdAt)}</Field>
            <Field label="Last updated">{dateTime(order.updatedAt)}</Field>
          </Box>
        </Section>
        <Section title="Customer">
          <Box component="dl" sx={fieldList}>
            <Field label="Name">{order.user?.fullname || '—'}</Field>
            <Field label="Email">{order.user?.email || '—'}</Field>
            <Field label="Phone">{order.user?.phone || '—'}</Field>
          </Box>
        </Section>
        <Section title="Shipping address">
          <AddressBlock address={order.shippingAddress} />
        </Section>
        <Section title="Billing address">
          <AddressBlock address={order.billingAddress} />
        </Section>
      </Box>
      <Section title="Items">
        <OrderItemsTable items={order.orderItems ?? []} />
      </Section>
      <OrderTotals order={order} />
    </Box>
  );
}
