import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useOrderLines } from './use-order-lines';
import { SimpleTable } from '../../components/SimpleTable';
import { choiceColumn } from '../../components/resource/widgets';
import { choices, type FieldOption, type WidgetProps } from '../../components/resource/presentation';
import { SIZES, formatRupeesExact, itemsSubtotal, type Order, type OrderItem, type StockSku } from '../../domain';
import {
  RETURN_REASON_LABELS,
  RETURN_RESOLUTION_LABELS,
  type ReturnReason,
  type ReturnResolution,
} from '../../domain/returns';
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
  /** A column choosing one part of each line, its select named for the line ('Reason for Tee M'). */
  const pick = (
    label: string,
    part: 'qty' | 'reason' | 'resolution' | 'size',
    named: string,
    options: (line: OrderItem, row: ReturnLine) => FieldOption[] | undefined,
  ) =>
    choiceColumn<OrderItem, ReturnLine>(rows, onChange, {
      label,
      part,
      named: (line) => named.replace('{}', `${line.name} ${line.size}`),
      options,
      number: part === 'qty',
    });
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
            ...pick('Qty', 'qty', 'Units of {} to return', (line) =>
              choices([...Array(line.qty + 1).keys()].map(String)),
            ),
            width: 90,
          },
          pick('Reason', 'reason', 'Reason for {}', () => choices(RETURN_REASON_LABELS)),
          pick('Resolution', 'resolution', 'Resolution for {}', () => choices(RETURN_RESOLUTION_LABELS)),
          pick('New size', 'size', 'New size for {}', (line, row) =>
            row.resolution !== 'exchange'
              ? undefined
              : otherSizes(line, stock).map((sku) => ({
                  value: sku.size,
                  label: `${sku.size} (${sku.available} available)`,
                })),
          ),
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
