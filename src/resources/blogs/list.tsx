import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useDelete } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate, type Blog } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { BlogRowActions } from './BlogRowActions';
import { serverMessage } from './server-message';

export default function BlogList() {
  const { dataGridProps, tableQuery } = useDataGrid<Blog>({
    resource: 'blogs',
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: 'publishedAt', order: 'desc' }] },
    syncWithLocation: false,
    // The page says it in place; a toast as well would only repeat it.
    errorNotification: false,
  });
  const { mutate: deleteBlog, mutation: deletion } = useDelete<Blog>();
  const [pending, setPending] = useState<Blog>();
  const { page, pageSize } = dataGridProps.paginationModel ?? { page: 0, pageSize: 10 };

  const columns = useMemo<GridColDef<Blog>[]>(
    () => [
      {
        field: 'number',
        headerName: '#',
        width: 70,
        sortable: false,
        renderCell: ({ api, id }) => page * pageSize + api.getRowIndexRelativeToVisibleRows(id) + 1,
      },
      { field: 'title', headerName: 'Title', flex: 1, minWidth: 220 },
      { field: 'author', headerName: 'Author', width: 180, sortable: false },
      { field: 'publishedAt', headerName: 'Date', width: 140, valueFormatter: (value: string) => formatDate(value) },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <BlogRowActions blog={row} onDelete={setPending} />,
      },
    ],
    [page, pageSize],
  );

  const confirmDelete = () => {
    if (!pending) return;
    deleteBlog(
      {
        resource: 'blogs',
        id: pending._id,
        successNotification: (response) => ({ type: 'success', message: serverMessage(response) ?? 'Blog deleted successfully' }),
        errorNotification: (error) => ({ type: 'error', message: serverMessageOr(error, 'Failed to delete blog') }),
      },
      { onSettled: () => setPending(undefined) },
    );
  };

  return (
    <Box component="section" aria-label="Manage Blogs">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1">
          Manage Blogs
        </Typography>
        <Button component={Link} to="/admin/add-blog" variant="contained" startIcon={<Add />}>
          Add Blog
        </Button>
      </Box>
      {tableQuery.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to fetch blogs
        </Alert>
      )}
      <Paper variant="outlined">
        <DataGrid<Blog>
          {...dataGridProps}
          columns={columns}
          pageSizeOptions={[10, 25, 50]}
          localeText={{ noRowsLabel: 'No blogs found.' }}
          autoHeight
          disableColumnSelector
          disableRowSelectionOnClick
        />
      </Paper>
      <ConfirmDialog
        open={pending !== undefined}
        question="Are you sure you want to delete this blog?"
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setPending(undefined)}
      />
    </Box>
  );
}
