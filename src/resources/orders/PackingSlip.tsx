import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useOne } from '@refinedev/core';
import { useParams } from 'react-router';
import { RecordState } from '../../components/resource/RecordState';
import { TableHeader } from '../../components/TableHeader';
import { formatDate, paymentMethodLabel, shortOrderId, STORE_NAME, type Order } from '../../domain';
import { AddressBlock } from './AddressBlock';

/** Its words while the order loads, when it is missing and when it fails to load. */
const RECORD_STATES = {
  recordLoading: 'Loading order...',
  notFound: 'Order not found',
  recordLoadFailed: 'Failed to load the order',
};

const SLIP = 'packing-slip';

/**
 * Printing shows the slip alone: the console around it is hidden, the slip fills the page, and the page
 * box fits A4 and US Letter alike (the printer's paper size, with margins both have).
 */
const PRINT_STYLES = {
  '@page': { size: 'auto', margin: '12mm' },
  '@media print': {
    'body *': { visibility: 'hidden' },
    [`#${SLIP}, #${SLIP} *`]: { visibility: 'visible' },
    [`#${SLIP}`]: { position: 'absolute', top: 0, left: 0, width: '100%', color: '#000', background: '#fff' },
    '.no-print': { display: 'none !important' },
  },
} as const;

/** A packing slip for the parcel (/orders/{id}/print): who it goes to and what goes in it, no prices. */
export default function PackingSlip() {
  const { id } = useParams();
  const { result: order, query } = useOne<Order>({ resource: 'orders', id: id ?? '', errorNotification: false });
  return (
    <Box
      component="section"
      aria-label="Packing slip"
      id={SLIP}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, maxWidth: 820 }}
    >
      <GlobalStyles styles={PRINT_STYLES} />
      <Box
        sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            Packing Slip
          </Typography>
          <Typography variant="h6" component="p">
            {STORE_NAME}
          </Typography>
        </Box>
        <Button
          className="no-print"
          variant="contained"
          startIcon={<PrintOutlined />}
          onClick={() => window.print()}
          disabled={!order}
        >
          Print
        </Button>
      </Box>
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
            {/* On a phone the table scrolls in its own box. */}
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Items to pack">
                <TableHeader text={['Packed', 'Product', 'Colour', 'Size']} numbers={['Qty']} />
                <TableBody>
                  {(order.orderItems ?? []).map((item, index) => (
                    <TableRow key={index}>
                      <TableCell padding="checkbox">
                        <Box
                          aria-hidden
                          sx={{ width: 16, height: 16, border: 1.5, borderColor: 'text.primary', borderRadius: 0.5 }}
                        />
                      </TableCell>
                      <TableCell>{item.product?.name ?? item.name}</TableCell>
                      <TableCell>{item.color || '—'}</TableCell>
                      <TableCell>{item.size || '—'}</TableCell>
                      <TableCell align="right">{item.qty}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </RecordState>
    </Box>
  );
}
