import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatRupeesExact, itemsSubtotal, type Order } from '../../domain';

const Line = ({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) => {
  const text = { variant: strong ? 'subtitle1' : 'body2', fontWeight: strong ? 600 : undefined } as const;
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" {...text}>
        {label}
      </Typography>
      <Typography component="dd" {...text} sx={{ m: 0, textAlign: 'right' }}>
        {formatRupeesExact(amount)}
      </Typography>
    </Box>
  );
};

const sums = { display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 4, rowGap: 0.5, m: 0 } as const;

/** Items, shipping, tax and total; for cash on delivery also what was paid in advance and what is due on delivery. */
export function OrderTotals({ order }: { order: Order }) {
  const cod = order.paymentMethod === 'cod';
  return (
    <Box component="section" aria-label="Totals" sx={{ ml: 'auto', width: { xs: '100%', sm: 320 } }}>
      <Box component="dl" sx={sums}>
        <Line label="Items" amount={itemsSubtotal(order.orderItems ?? [])} />
        <Line label="Shipping" amount={order.shippingPrice ?? 0} />
        <Line label="Tax" amount={order.taxPrice ?? 0} />
      </Box>
      <Divider sx={{ my: 1 }} />
      <Box component="dl" sx={sums}>
        <Line label="Total" amount={order.totalPrice} strong />
        {cod ? (
          <>
            <Line label="Advance paid" amount={order.advancePaid ?? 0} />
            <Line label="Remaining (COD)" amount={order.remainingCOD ?? 0} />
          </>
        ) : null}
      </Box>
    </Box>
  );
}
