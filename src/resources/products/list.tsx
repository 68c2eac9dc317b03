import type { GridColDef } from '@mui/x-data-grid';
import { ResourceListPage } from '../../components/resource-list/ResourceListPage';
import { formatCount, PRODUCT_STATUS_LABELS, type Product } from '../../domain';

const columns: GridColDef<Product>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
  {
    field: 'categories',
    headerName: 'Categories',
    flex: 1,
    sortable: false,
    valueFormatter: (value: string[] | undefined) => (value ?? []).join(', '),
  },
  { field: 'totalStock', headerName: 'Stock', width: 110, valueFormatter: (value: number) => formatCount(value) },
  { field: 'status', headerName: 'Status', width: 140, valueFormatter: (value: Product['status']) => PRODUCT_STATUS_LABELS[value] },
];

export default function ProductList() {
  return <ResourceListPage resource="products" title="Product Catalog" columns={columns} />;
}
