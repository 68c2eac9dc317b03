import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useOne, type HttpError } from '@refinedev/core';
import { useState } from 'react';
import { shortOrderId, type Order } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { OrderDetails } from './OrderDetails';

interface OrderDetailsDialogProps {
  /** The order to show; null closes the dialog. */
  orderId: string | null;
  onClose: () => void;
}

/** The whole order as the server has it now, fetched when the dialog opens. */
export function OrderDetailsDialog({ orderId, onClose }: OrderDetailsDialogProps) {
  // The last order shown stays in place while the dialog fades out.
  const [shownId, setShownId] = useState(orderId);
  if (orderId !== null && orderId !== shownId) setShownId(orderId);
  const { result: order, query } = useOne<Order, HttpError>({
    resource: 'orders',
    id: shownId ?? '',
    queryOptions: { enabled: shownId !== null },
    errorNotification: false,
  });

  let body;
  if (query.isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading order details" />
      </Box>
    );
  } else if (query.isError || !order) {
    body = (
      <Alert severity="error">
        {query.error?.statusCode === 404 || !query.error ? 'Order not found' : serverMessageOr(query.error, 'Failed to fetch order details')}
      </Alert>
    );
  } else {
    body = <OrderDetails order={order} />;
  }

  return (
    <Dialog open={orderId !== null} onClose={onClose} maxWidth="md" fullWidth scroll="paper" aria-labelledby="order-details-title">
      <DialogTitle id="order-details-title" sx={{ pr: 6 }}>
        Order Details{shownId ? ` #${shortOrderId(shownId)}` : ''}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <Close />
      </IconButton>
      <DialogContent dividers>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
