import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useDelete } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Banner } from '../../domain';
import { BannerAddDialog } from './BannerAddDialog';
import { BannerLink } from './BannerLink';
import { BannerRowActions } from './BannerRowActions';

export default function BannerList() {
  // Oldest first (the server's order), so a new banner appears at the end of the table.
  const { dataGridProps, tableQuery } = useDataGrid<Banner>({
    resource: 'banners',
    pagination: { pageSize: 10 },
    syncWithLocation: false,
    errorNotification: false,
  });
  const { mutate: deleteBanner, mutation: deletion } = useDelete<Banner>();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Banner>();

  const columns: GridColDef<Banner>[] = [
    {
      field: 'image',
      headerName: 'Image',
      width: 140,
      sortable: false,
      renderCell: ({ row }) => (
        <Box
          component="img"
          src={row.image}
          alt={`${row.name} banner`}
          sx={{ width: 112, height: 44, objectFit: 'cover', borderRadius: 1, verticalAlign: 'middle', border: 1, borderColor: 'divider' }}
        />
      ),
    },
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
    { field: 'title', headerName: 'Title', flex: 1.4, minWidth: 200, sortable: false },
    {
      field: 'link',
      headerName: 'Link',
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) => <BannerLink link={row.link} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => <BannerRowActions banner={row} onDelete={setPending} />,
    },
  ];

  const confirmDelete = () => {
    if (!pending) return;
    deleteBanner(
      {
        resource: 'banners',
        id: pending._id,
        successNotification: { type: 'success', message: 'Banner deleted successfully' },
        errorNotification: (error) => ({ type: 'error', message: 'Failed to delete banner', description: error?.message }),
      },
      { onSettled: () => setPending(undefined) },
    );
  };

  return (
    <Box component="section" aria-label="All Banners">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1">
          All Banners
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
          Add Banner
        </Button>
      </Box>
      {tableQuery.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to fetch banners
        </Alert>
      )}
      <Paper variant="outlined">
        {tableQuery.isLoading ? (
          <Typography role="status" sx={{ p: 3 }}>
            Loading banners...
          </Typography>
        ) : (
          <DataGrid<Banner>
            {...dataGridProps}
            columns={columns}
            rowHeight={64}
            pageSizeOptions={[10, 25, 50]}
            localeText={{ noRowsLabel: 'No banners found.' }}
            autoHeight
            disableColumnSelector
            disableRowSelectionOnClick
          />
        )}
      </Paper>
      <BannerAddDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={pending !== undefined}
        question="Are you sure you want to delete this banner?"
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setPending(undefined)}
      />
    </Box>
  );
}
