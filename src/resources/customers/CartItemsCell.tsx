import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCart, formatCartItem, type CartItem } from '../../domain';

/** One line per cart item, '{size} / {colour} – {qty} pcs', or 'No items' (SPEC.md, Customers). */
export function CartItemsCell({ items }: { items: CartItem[] | null | undefined }) {
  if (!items || items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {formatCart(items)}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, py: 1 }}>
      {items.map((item, index) => (
        <Typography component="li" variant="body2" key={index} title={item.name}>
          {formatCartItem(item)}
        </Typography>
      ))}
    </Box>
  );
}
