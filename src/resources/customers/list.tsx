import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { ResourceListPage } from '../../components/resource-list/ResourceListPage';
import { formatDate, type SessionUser } from '../../domain';
import { CartItemsCell } from './CartItemsCell';
import { CustomerNameCell } from './CustomerNameCell';

/**
 * Read-only; only what the users list sorts on sorts (LIST_FIELDS: created, name, email). Rows grow
 * with the cart, so every cell centres its content (display 'flex').
 */
const columns: GridColDef<SessionUser>[] = [
  { field: 'fullname', headerName: 'Name', flex: 1, minWidth: 200, display: 'flex', renderCell: ({ row }) => <CustomerNameCell customer={row} /> },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 200, display: 'flex' },
  { field: 'phone', headerName: 'Phone', width: 150, sortable: false, display: 'flex', valueFormatter: (value: string) => value || '-' },
  {
    field: 'role',
    headerName: 'Role',
    width: 110,
    sortable: false,
    display: 'flex',
    renderCell: ({ row }) => (
      <Chip size="small" variant="outlined" label={row.role} color={row.role === 'admin' ? 'primary' : 'default'} sx={{ textTransform: 'capitalize' }} />
    ),
  },
  {
    field: 'cartData',
    headerName: 'Cart Items',
    flex: 1,
    minWidth: 200,
    sortable: false,
    display: 'flex',
    renderCell: ({ row }) => <CartItemsCell items={row.cartData} />,
  },
  { field: 'createdAt', headerName: 'Created', width: 130, display: 'flex', valueFormatter: (value: string) => formatDate(value) },
];

export default function CustomerList() {
  return <ResourceListPage resource="users" title="Customers" columns={columns} rowHeight="auto" loadErrorTitle="Failed to load customers" />;
}
