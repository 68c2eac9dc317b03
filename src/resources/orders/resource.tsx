import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { StatusBadge } from '../../components/StatusBadge';
import { presentResource, statusField } from '../../components/resource/presentation';
import {
  ORDER_STATUSES,
  ORDER_STATUS_COLOURS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_COLOURS,
  PAYMENT_STATUS_LABELS,
  formatRupeesExact,
  orderPlace,
  shortOrderId,
  type Order,
  ordersContract,
} from '../../domain';

/** Two lines in one cell: the main text and a quieter one under it. */
const twoLines = (main: string, sub: string) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
    <Typography variant="body2" fontWeight={500} noWrap>
      {main}
    </Typography>
    <Typography variant="caption" color="text.secondary" noWrap>
      {sub}
    </Typography>
  </Box>
);

const orderNumber = (order: Order) => `#${shortOrderId(order._id)}`;
const customerName = (order: Order) => order.user?.fullname ?? order.shippingAddress?.name ?? '—';
const paymentStatus = (order: Order) => order.paymentResult?.status;

/**
 * Orders: read-only fields; the list is the resource's own (status menu, details
 * dialog, list.tsx). Only date, total and status sort, as the server does (the contract's list).
 */
/** The status's column and filter beside its badge. */
const STATUS_FIELD = {
  column: { width: 120, sortable: true },
  filterLabel: 'Order status',
  allLabel: 'All statuses',
} as const;

export default presentResource<Order>(ordersContract, {
  actions: [],
  recordLabel: orderNumber,
  rowHeight: 60,
  initialSort: { field: 'createdAt', order: 'desc' },
  fields: {
    _id: {
      label: 'Order',
      format: (_id, order) => orderNumber(order),
      render: (order) => twoLines(orderNumber(order), orderPlace(order)),
      column: { width: 120 },
      filter: 'search',
    },
    user: {
      label: 'Customer',
      format: (_user, order) => customerName(order),
      render: (order) => twoLines(customerName(order), order.user?.email ?? ''),
      column: { flex: 1, minWidth: 200, hideBelow: 'sm' },
      filter: 'search',
    },
    status: statusField(
      'Status',
      ORDER_STATUSES,
      { colours: ORDER_STATUS_COLOURS, labels: ORDER_STATUS_LABELS },
      STATUS_FIELD,
    ),
    paymentStatus: statusField(
      'Payment',
      PAYMENT_STATUSES,
      { colours: PAYMENT_STATUS_COLOURS, labels: PAYMENT_STATUS_LABELS },
      {
        // An order without a payment result reads '—', not a badge.
        format: (_status, order) => paymentStatus(order) ?? '—',
        render: (order) => {
          const status = paymentStatus(order);
          return status ? (
            <StatusBadge status={status} colours={PAYMENT_STATUS_COLOURS} labels={PAYMENT_STATUS_LABELS} />
          ) : (
            '—'
          );
        },
        column: { width: 120, hideBelow: 'md' },
        filterLabel: 'Payment status',
        allLabel: 'All payments',
      },
    ),
    totalPrice: {
      label: 'Total',
      format: formatRupeesExact,
      column: { width: 140, sortable: true, align: 'right', hideBelow: 'sm' },
    },
    createdAt: { label: 'Date', kind: 'date', column: { width: 130, sortable: true, hideBelow: 'md' } },
  },
});
