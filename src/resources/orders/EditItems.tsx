import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCustom } from '@refinedev/core';
import { SimpleTable } from '../../components/SimpleTable';
import type { WidgetProps } from '../../components/resource/presentation';
import { formatRupeesExact, ordersContract, type Order, type StockSku } from '../../domain';
import { type OrderEditPreview } from '../../domain/returns';
import { OrderLines, type Line } from './OrderLines';
import { useOrderLines } from './use-order-lines';

const FIGURES = [
  ['itemsPrice', 'Items'],
  ['discount', 'Discount'],
  ['shippingPrice', 'Shipping'],
  ['taxPrice', 'Tax'],
  ['totalPrice', 'Total'],
] as const;
const holds = (order: Order) => order.status === 'pending' || order.status === 'processing';

/** The order's SKUs, for what each has free. */
const SKUS_OF = (order: Order) => ({ sku: order.orderItems.flatMap((line) => (line.sku ? [line.sku] : [])) });
/** The lines as they are; a SKU's free units count what the order itself holds. */
const START = (order: Order, stock: StockSku[]): Line[] =>
  order.orderItems.map((line) => ({
    product: line.product?._id ?? '',
    color: line.color,
    size: line.size,
    qty: line.qty,
    sku: line.sku ?? '',
    name: line.name,
    price: line.price,
    available: (stock.find((row) => row.sku === line.sku)?.available ?? 0) + (holds(order) ? line.qty : 0),
  }));

/**
 * An order's lines to edit before it ships: its lines as they are (each SKU's available units counting
 * what the order itself holds), then, as they change, the server's preview: each figure before → after,
 * what changed and any SKU short of units, before anything is saved.
 */
export function EditItems(props: WidgetProps) {
  const { record, value, onChange } = props;
  const id = (record as Order)._id;
  const lines = value as Line[] | undefined;
  useOrderLines(record, lines, onChange, SKUS_OF, START);
  const asked = (lines ?? []).filter((line) => Number.isInteger(line.qty) && line.qty > 0);
  const { result: preview, query } = useCustom<OrderEditPreview>({
    url: ordersContract.url(ordersContract.calls!.editPreview!.path, id),
    method: 'post',
    config: { payload: { orderItems: asked.map(({ product, color, size, qty }) => ({ product, color, size, qty })) } },
    queryOptions: { enabled: asked.length > 0, placeholderData: (previous) => previous },
    errorNotification: false,
  });
  if (!lines) return <Typography role="status">Loading the order’s lines…</Typography>;
  const shown = query.isSuccess ? preview.data : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <OrderLines {...props} />
      {query.isError && (
        <Alert severity="error">{(query.error as { message?: string }).message ?? 'The preview failed'}</Alert>
      )}
      {shown && !query.isError && (
        <Box role="region" aria-label="Before and after">
          <SimpleTable
            label="Totals before and after"
            rows={FIGURES}
            columns={[
              { label: 'Figure', value: ([, label]) => label },
              { label: 'Before', align: 'right', value: ([field]) => formatRupeesExact(shown.before[field]) },
              { label: 'After', align: 'right', value: ([field]) => formatRupeesExact(shown.after[field]) },
            ]}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {shown.changes.length > 0 ? `Changes: ${shown.changes.join(', ')}` : 'No changes yet.'}
            {shown.coupon?.refused && ` The coupon ${shown.coupon.code} no longer applies: ${shown.coupon.refused}.`}
          </Typography>
          {shown.stock
            .filter((row) => !row.enough)
            .map((row) => (
              <Alert key={row.sku} severity="warning">
                {row.sku}: {row.change} more needed, {row.available} available
              </Alert>
            ))}
        </Box>
      )}
    </Box>
  );
}
