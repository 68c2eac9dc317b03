import type { GridColDef } from '@mui/x-data-grid';
import { ResourceListPage } from '../../components/resource-list/ResourceListPage';
import { formatDate, formatRupeesExact, shortOrderId, type Order } from '../../domain';

const columns: GridColDef<Order>[] = [
  { field: '_id', headerName: 'Order', width: 110, sortable: false, valueFormatter: (value: string) => shortOrderId(value) },
  { field: 'user', headerName: 'Customer', flex: 1, sortable: false, valueGetter: (_value, row) => row.user?.fullname ?? '—' },
  { field: 'status', headerName: 'Status', width: 130 },
  { field: 'totalPrice', headerName: 'Total', width: 140, valueFormatter: (value: number) => formatRupeesExact(value) },
  { field: 'createdAt', headerName: 'Date', width: 150, valueFormatter: (value: string) => formatDate(value) },
];

export default function OrderList() {
  return <ResourceListPage resource="orders" title="Orders" columns={columns} />;
}
