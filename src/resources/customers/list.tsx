import type { GridColDef } from '@mui/x-data-grid';
import { ResourceListPage } from '../../components/resource-list/ResourceListPage';
import { formatCart, formatDate, type SessionUser } from '../../domain';

const columns: GridColDef<SessionUser>[] = [
  { field: 'fullname', headerName: 'Name', flex: 1 },
  { field: 'email', headerName: 'Email', flex: 1 },
  { field: 'phone', headerName: 'Phone', width: 140, sortable: false, valueFormatter: (value: string) => value || '-' },
  { field: 'role', headerName: 'Role', width: 110, sortable: false },
  { field: 'cartData', headerName: 'Cart Items', flex: 1, sortable: false, valueFormatter: (value: SessionUser['cartData']) => formatCart(value) },
  { field: 'createdAt', headerName: 'Created', width: 150, valueFormatter: (value: string) => formatDate(value) },
];

export default function CustomerList() {
  return <ResourceListPage resource="users" title="Customers" columns={columns} />;
}
