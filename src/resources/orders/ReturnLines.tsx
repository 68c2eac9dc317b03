import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useOrderLines } from './use-order-lines';
import { SimpleTable } from '../../components/SimpleTable';
import type { WidgetProps } from '../../components/resource/presentation';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_RESOLUTION_LABELS,
  RETURN_RESOLUTIONS,
  SIZES,
  formatRupeesExact,
  itemsSubtotal,
  type Order,
  type OrderItem,
  type ReturnReason,
  type ReturnResolution,
  type StockSku,
} from '../../domain';
import { returnAmount } from '../../domain/after-sale';

/** One line of the order as the return form keeps it. */
export interface ReturnLine {
  line: string;
  qty: number;
  reason: ReturnReason;
  resolution: ReturnResolution;
  size: string;
}

const rank = (size: string) => (SIZES as readonly string[]).indexOf(size);

/** The sizes the line could be exchanged for: its product and colour's other sizes with units free. */
const otherSizes = (line: OrderItem, skus: StockSku[]) =>
  skus
    .filter((sku) => sku.product._id === line.product?._id && sku.color === line.color && sku.size !== line.size)
    .sort((a, b) => rank(a.size) - rank(b.size));

function select<V extends string | number>(
  label: string,
  value: V,
  choices: [V, string][],
  change: (value: V) => void,
) {
  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={(event) => change(event.target.value as V)}
      slotProps={{ htmlInput: { 'aria-label': label } }}
    >
      {choices.map(([choice, text]) => (
        <MenuItem key={choice} value={choice}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The order's products, whose sizes an exchange offers. */
const PRODUCTS_OF = (order: Order) => ({
  product: [...new Set(order.orderItems.flatMap((line) => (line.product ? [line.product._id] : [])))],
});
/** A one-line order starts as the usual case: one unit too small, for the next size up that has units. */
const START = (order: Order, stock: StockSku[]): ReturnLine[] =>
  order.orderItems.map((line) => {
    const single = order.orderItems.length === 1;
    const bigger = otherSizes(line, stock).find((sku) => rank(sku.size) > rank(line.size) && sku.available > 0);
    return {
      line: line._id!,
      qty: single ? 1 : 0,
      reason: 'too_small',
      resolution: single && bigger ? 'exchange' : 'refund',
      size: bigger?.size ?? '',
    };
  });

/**
 * A shipped order's lines to take back: how many of each, why, and for what (the money, store credit,
 * or another size of it, the next size up when it was too small). A one-line order starts as the usual
 * case, one unit too small exchanged for the next size up. What goes back shows before it is asked.
 */
export function ReturnLines({ record, value, onChange }: WidgetProps) {
  const rows = value as ReturnLine[] | undefined;
  const { order, stock } = useOrderLines(record, rows, onChange, PRODUCTS_OF, START);
  if (!rows || !order) return <Typography role="status">Loading the order’s lines…</Typography>;
  const change = (at: number, part: Partial<ReturnLine>) =>
    onChange(rows.map((row, i) => (i === at ? { ...row, ...part } : row)));
  const itemsPrice = itemsSubtotal(order.orderItems);
  const back = order.orderItems.reduce((sum, line, at) => {
    const row = rows[at]!;
    return row.qty > 0 && row.resolution !== 'exchange'
      ? sum + returnAmount(line.price, row.qty, { discount: order.discount, itemsPrice })
      : sum;
  }, 0);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <SimpleTable
        label="Lines to return"
        rows={order.orderItems}
        columns={[
          { label: 'Item', value: (line) => `${line.name} ${line.color} ${line.size}` },
          {
            label: 'Qty',
            width: 90,
            value: (line, at) =>
              select(
                `Units of ${line.name} ${line.size} to return`,
                rows[at]!.qty,
                Array.from({ length: line.qty + 1 }, (_, n) => [n, String(n)]),
                (qty) => change(at, { qty: Number(qty) }),
              ),
          },
          {
            label: 'Reason',
            value: (line, at) =>
              select(
                `Reason for ${line.name} ${line.size}`,
                rows[at]!.reason,
                RETURN_REASONS.map((reason) => [reason, RETURN_REASON_LABELS[reason]]),
                (reason) => change(at, { reason }),
              ),
          },
          {
            label: 'Resolution',
            value: (line, at) =>
              select(
                `Resolution for ${line.name} ${line.size}`,
                rows[at]!.resolution,
                RETURN_RESOLUTIONS.map((resolution) => [resolution, RETURN_RESOLUTION_LABELS[resolution]]),
                (resolution) => change(at, { resolution }),
              ),
          },
          {
            label: 'New size',
            value: (line, at) => {
              const sizes = otherSizes(line, stock);
              return rows[at]!.resolution !== 'exchange'
                ? '—'
                : select(
                    `New size for ${line.name} ${line.size}`,
                    rows[at]!.size,
                    sizes.map((sku) => [sku.size, `${sku.size} (${sku.available} available)`]),
                    (size) => change(at, { size }),
                  );
            },
          },
        ]}
      />
      <Typography variant="body2" role="status">
        {back > 0
          ? `To refund or credit: ${formatRupeesExact(back)}`
          : 'Nothing to refund: exchanges are priced at the difference.'}
      </Typography>
    </Box>
  );
}
