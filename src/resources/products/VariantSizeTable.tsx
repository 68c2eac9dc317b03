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

interface VariantSizeTableProps {
  sizes: SizeEntry[];
  onEdit: (entry: SizeEntry) => void;
  onRemove: (position: number) => void;
  disabled?: boolean;
}

/** The sizes of the variant being built, each editable (back into the size fields) or removable. */
export function VariantSizeTable({ sizes, onEdit, onRemove, disabled }: VariantSizeTableProps) {
  return (
    <Table size="small" aria-label="Sizes in this variant">
      <TableHeader text={['Size']} numbers={['Price', 'MRP', 'Stock', 'Actions']} />
      <TableBody>
        {sizes.map((entry, position) => (
          <TableRow key={entry.size}>
            <TableCell>{entry.size}</TableCell>
            <TableCell align="right">{formatPrice(entry.price)}</TableCell>
            <TableCell align="right">{formatPrice(entry.mrp)}</TableCell>
            <TableCell align="right">{formatCount(entry.countInStock)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton size="small" aria-label={`Edit size ${entry.size}`} onClick={() => onEdit(entry)} disabled={disabled}>
                <EditOutlined fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Remove size ${entry.size}`} onClick={() => onRemove(position)} disabled={disabled}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
