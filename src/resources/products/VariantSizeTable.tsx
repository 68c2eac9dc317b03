import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { formatCount, type SizeEntry } from '../../domain';
import { formatPrice } from './product-form';
import { TableHeader } from '../../components/TableHeader';

type SizeEditing = { onEdit: (entry: SizeEntry) => void; onRemove: (position: number) => void; disabled: boolean };

/** A variant's sizes; with `editing` (the variant builder) each size goes back into the size fields, or is removed. */
export function VariantSizeTable({
  sizes,
  label,
  editing,
}: {
  sizes: SizeEntry[];
  label?: string;
  editing?: SizeEditing;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHeader text={['Size']} numbers={['Price', 'MRP', 'Stock', ...(editing ? ['Actions'] : [])]} />
      <TableBody>
        {sizes.map((entry, position) => (
          <TableRow key={entry.size}>
            <TableCell>{entry.size}</TableCell>
            <TableCell align="right">{formatPrice(entry.price)}</TableCell>
            <TableCell align="right">{formatPrice(entry.mrp)}</TableCell>
            <TableCell align="right">{formatCount(entry.countInStock)}</TableCell>
            {editing && (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {[
                  { label: `Edit size ${entry.size}`, Icon: EditOutlined, act: () => editing.onEdit(entry) },
                  { label: `Remove size ${entry.size}`, Icon: DeleteOutline, act: () => editing.onRemove(position) },
                ].map(({ label, Icon, act }) => (
                  <IconButton key={label} size="small" aria-label={label} onClick={act} disabled={editing.disabled}>
                    <Icon fontSize="small" />
                  </IconButton>
                ))}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
