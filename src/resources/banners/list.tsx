import type { GridColDef } from '@mui/x-data-grid';
import { ResourceListPage } from '../../components/resource-list/ResourceListPage';
import type { Banner } from '../../domain';

const columns: GridColDef<Banner>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'title', headerName: 'Title', flex: 1, sortable: false },
  { field: 'link', headerName: 'Link', flex: 1, sortable: false },
];

export default function BannerList() {
  return <ResourceListPage resource="banners" title="All Banners" columns={columns} />;
}
