import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SimpleTable, type TableColumn } from '../../components/SimpleTable';
import { Thumbnail } from '../../components/Thumbnail';
import { formatRupeesExact, lineTotal, type OrderItem } from '../../domain';

/** A line's product: its name as ordered when the product is gone since. */
const productName = (item: OrderItem) => item.product?.name ?? item.name;

/** The columns an order's tables share (its details, its packing slip). */
export const ITEM_COLUMNS = {
  product: { label: 'Product', value: productName },
  colour: { label: 'Colour', value: (item) => item.color || '—' },
  size: { label: 'Size', value: (item) => item.size || '—' },
  qty: { label: 'Qty', align: 'right', value: (item) => item.qty },
} satisfies Record<string, TableColumn<OrderItem>>;

const COLUMNS: TableColumn<OrderItem>[] = [
  {
    ...ITEM_COLUMNS.product,
    value: (item) => {
      const image = item.image || item.product?.image;
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          {image && <Thumbnail src={image} alt={productName(item)} size={44} framed />}
          <Typography variant="body2">{productName(item)}</Typography>
        </Box>
      );
    },
  },
  ITEM_COLUMNS.colour,
  ITEM_COLUMNS.size,
  ITEM_COLUMNS.qty,
  { label: 'Price', align: 'right', value: (item) => formatRupeesExact(item.price) },
  { label: 'Total', align: 'right', value: (item) => formatRupeesExact(lineTotal(item.qty, item.price)) },
];

/** The order's lines: what was bought, in which colour and size, and line total = qty × price. */
export const OrderItemsTable = ({ items }: { items: OrderItem[] }) => (
  <SimpleTable label="Order items" columns={COLUMNS} rows={items} empty="No items" box="framed" />
);
