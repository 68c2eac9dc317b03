import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TwoLines } from '../../components/resource/FieldValue';
import { linesEditor } from '../../components/resource/LinesEditor';
import { ORDER_LINE_MAX_QTY, formatRupeesExact, itemsSubtotal, skuName, type StockSku } from '../../domain';

/** A line as the form keeps it: what the API takes ({product, color, size, qty}) and what the screen shows of its SKU. */
export type Line = { product: string; color: string; size: string; qty: number } & Pick<
  StockSku,
  'sku' | 'price' | 'available'
> & { name: string };

/** What a line's quantity says under it, and whether that is a problem: the form's or the server's word, a wrong quantity, or short stock. */
function quantityNote(line: Line, said: string | undefined): [note: string, problem: boolean] {
  if (said) return [said, true];
  if (!Number.isInteger(line.qty) || line.qty < 1 || line.qty > ORDER_LINE_MAX_QTY)
    return [`1 to ${ORDER_LINE_MAX_QTY}`, true];
  if (line.qty > line.available) return [`Only ${Math.max(line.available, 0)} available`, true];
  return [`${line.available} available`, false];
}

/**
 * The order's lines: a SKU found by typing a product's name or its code (each with what is available),
 * then its quantity. A line asking more than is available is marked on the line (a draft may still keep it).
 */
export const OrderLines = linesEditor<Line, StockSku>({
  search: {
    resource: 'stock',
    filters: { onSale: true },
    pageSize: 10,
    label: 'Add a line: product name or SKU',
    helper: 'Type, then choose with the arrow keys and Enter',
    noMatch: 'No SKU on sale matches',
    optionLabel: (sku) => sku.sku,
    renderOption: (sku) => (
      <TwoLines
        text={`${sku.sku} · ${skuName(sku.product.name, sku.color, sku.size)}`}
        sub={`${sku.available} available · ${formatRupeesExact(sku.price)}`}
        alert={sku.available <= 0}
      />
    ),
  },
  add: (lines, sku) => {
    if (lines.some((line) => line.sku === sku.sku))
      return lines.map((line) => (line.sku === sku.sku ? { ...line, qty: line.qty + 1 } : line));
    const { product, color, size, price, available } = sku;
    return [
      ...lines,
      { product: product._id, name: product.name, color, size, sku: sku.sku, price, available, qty: 1 },
    ];
  },
  name: (line) => line.sku,
  table: 'Order lines',
  columns: [
    { label: 'Item', value: (line) => skuName(line.name, line.color, line.size) },
    { label: 'SKU', value: (line) => line.sku },
    {
      label: 'Qty',
      width: 110,
      value: (line, { said, change, disabled }) => {
        const [note, problem] = quantityNote(line, said);
        return (
          <TextField
            size="small"
            value={Number.isNaN(line.qty) ? '' : line.qty}
            onChange={(event) => {
              const typed = event.target.value.trim();
              change({ ...line, qty: typed === '' ? NaN : Number(typed) });
            }}
            disabled={disabled}
            error={problem}
            helperText={note}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${line.sku}` } }}
          />
        );
      },
    },
    { label: 'Price', align: 'right', value: (line) => formatRupeesExact(line.price) },
    {
      label: 'Total',
      align: 'right',
      value: (line) => (Number.isFinite(line.qty) ? formatRupeesExact(line.qty * line.price) : '—'),
    },
  ],
  footer: (lines) => (
    <Typography variant="body2" sx={{ justifySelf: 'end' }}>
      Items: {formatRupeesExact(itemsSubtotal(lines.filter((line) => Number.isFinite(line.qty))))} (coupon, shipping and
      tax are worked out when the order is saved)
    </Typography>
  ),
});
