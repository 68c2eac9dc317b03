import type { GridColDef } from '@mui/x-data-grid';
import { ResourceListPage } from '../../components/resource-list/ResourceListPage';
import { formatCouponValue, formatDate, type Coupon } from '../../domain';

const columns: GridColDef<Coupon>[] = [
  { field: 'code', headerName: 'Code', flex: 1 },
  { field: 'discountType', headerName: 'Type', width: 130, sortable: false },
  { field: 'discountValue', headerName: 'Value', width: 120, sortable: false, valueGetter: (_value, row) => formatCouponValue(row) },
  { field: 'expiresAt', headerName: 'Expiry Date', width: 150, valueFormatter: (value: string) => formatDate(value) },
  { field: 'isActive', headerName: 'Status', width: 120, valueFormatter: (value: boolean) => (value ? 'Active' : 'Inactive') },
];

export default function CouponList() {
  return <ResourceListPage resource="coupons" title="Coupons" columns={columns} />;
}
