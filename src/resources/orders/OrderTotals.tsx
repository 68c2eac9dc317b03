import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { DetailList } from '../../components/resource/DetailList';
import { formatRupeesExact, itemsSubtotal, type Order } from '../../domain';

const sums = { gridTemplateColumns: '1fr auto', columnGap: 4, rowGap: 0.5, '& dd': { textAlign: 'right' } } as const;
/** Figures beside their amounts; `strong`: the first in bold (the total). */
const figures = (rows: [string, number | undefined][], strong = false) => (
  <DetailList
    quiet
    rows={rows.map(([label, amount]) => [label, formatRupeesExact(amount ?? 0)])}
    sx={[sums, strong && { '& > :nth-of-type(-n+2)': { fontWeight: 600 } }]}
  />
);

/** Items, shipping, tax and total; for cash on delivery also what was paid in advance and what is due on delivery. */
export function OrderTotals({ order }: { order: Order }) {
  const cod: [string, number | undefined][] = [
    ['Advance paid', order.advancePaid],
    ['Remaining (COD)', order.remainingCOD],
  ];
  return (
    <Box component="section" aria-label="Totals" sx={{ ml: 'auto', width: { xs: '100%', sm: 320 } }}>
      {figures([
        ['Items', itemsSubtotal(order.orderItems ?? [])],
        ['Shipping', order.shippingPrice],
        ['Tax', order.taxPrice],
      ])}
      <Divider sx={{ my: 1 }} />
      {figures([['Total', order.totalPrice], ...(order.paymentMethod === 'cod' ? cod : [])], true)}
    </Box>
  );
}
