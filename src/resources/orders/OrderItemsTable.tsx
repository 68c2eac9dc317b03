import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatRupeesExact, lineTotal, type OrderItem } from '../../domain';
import { TableHeader } from '../../components/TableHeader';

/** The order's lines: what was bought, in which colour and size, and line total = qty × price. */
export function OrderItemsTable({ items }: { items: OrderItem[] }) {
  if (items.length === 0) return <Typography variant="body2">No items</Typography>;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label="Order items">
        <TableHeader text={['Product', 'Colour', 'Size']} numbers={['Qty', 'Price', 'Total']} />
        <TableBody>
          {items.map((item, index) => {
            const name = item.product?.name ?? item.name;
            const image = item.image || item.product?.image;
            return (
              <TableRow key={index}>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    {image ? (
                      <Box
                        component="img"
                        src={image}
                        alt={name}
                        sx={{
                          width: 44,
                          height: 44,
                          objectFit: 'cover',
                          borderRadius: 1,
                          border: 1,
                          borderColor: 'divider',
                          flexShrink: 0,
                        }}
                      />
                    ) : null}
                    <Typography variant="body2">{name}</Typography>
                  </Box>
                </TableCell>
                <TableCell>{item.color || '—'}</TableCell>
                <TableCell>{item.size || '—'}</TableCell>
                <TableCell align="right">{item.qty}</TableCell>
                <TableCell align="right">{formatRupeesExact(item.price)}</TableCell>
                <TableCell align="right">{formatRupeesExact(lineTotal(item.qty, item.price))}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
