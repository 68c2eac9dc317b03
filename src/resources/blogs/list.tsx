import type { GridColDef } from '@mui/x-data-grid';
import { ResourceListPage } from '../../components/resource-list/ResourceListPage';
import { formatDate, type Blog } from '../../domain';

const columns: GridColDef<Blog>[] = [
  { field: 'title', headerName: 'Title', flex: 1 },
  { field: 'author', headerName: 'Author', width: 180, sortable: false },
  { field: 'publishedAt', headerName: 'Date', width: 150, valueFormatter: (value: string) => formatDate(value) },
];

export default function BlogList() {
  return <ResourceListPage resource="blogs" title="Manage Blogs" columns={columns} />;
}
