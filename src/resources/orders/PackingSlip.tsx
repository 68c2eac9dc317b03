import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AddressBlock } from '../../components/AddressBlock';
import { PrintSheet, TickBox } from '../../components/PrintSheet';
import { RecordState, useRouteRecord } from '../../components/resource/RecordState';
import { SimpleTable, type TableColumn } from '../../components/SimpleTable';
import { formatDate, paymentMethodLabel, shortOrderId, STORE_NAME, type Order, type OrderItem } from '../../domain';
import { ITEM_COLUMNS } from './OrderItemsTable';

/** Its words while the order loads, when it is missing and when it fails to load. */
const RECORD_STATES = {
  recordLoading: 'Loading order...',
  notFound: 'Order not found',
  recordLoadFailed: 'Failed to load the order',
};

/** What goes in the parcel, each line with a box to tick as it is packed. */
const COLUMNS: TableColumn<OrderItem>[] = [
  { label: 'Packed', value: () => <TickBox />, cell: { padding: 'checkbox' } },
  ITEM_COLUMNS.product,
  ITEM_COLUMNS.colour,
  ITEM_COLUMNS.size,
  ITEM_COLUMNS.qty,
];

/** A packing slip for the parcel (/orders/{id}/print): who it goes to and what goes in it, no prices. */
export default function PackingSlip() {
  const { record: order, query } = useRouteRecord<Order>('orders');
  return (
    <PrintSheet
      label="Packing slip"
      heading={
        <Box>
          <Typography variant="h4" component="h1">
            Packing Slip
          </Typography>
          <Typography variant="h6" component="p">
            {STORE_NAME}
          </Typography>
        </Box>
      }
      ready={order !== undefined}
    >
      <RecordState query={query} found={order !== undefined} texts={RECORD_STATES}>
        {order && (
          <>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Box>
                <Typography variant="subtitle2" component="h2">
                  Order #{shortOrderId(order._id)}
                </Typography>
                <Typography variant="body2">Placed {formatDate(order.createdAt)}</Typography>
                <Typography variant="body2">Payment: {paymentMethodLabel(order.paymentMethod)}</Typography>
              </Box>
              <Box>
                <Typography variant="subtitle2" component="h2">
                  Ship to
                </Typography>
                <AddressBlock address={order.shippingAddress} />
              </Box>
            </Box>
            <SimpleTable label="Items to pack" columns={COLUMNS} rows={order.orderItems ?? []} box="scrolls" />
          </>
        )}
      </RecordState>
    </PrintSheet>
  );
}
