import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { DataGrid, type DataGridProps, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { PRODUCT_STATUS_COLOURS, PRODUCT_STATUS_LABELS, type Product } from '../../domain';
import { StatusBadge } from '../../components/StatusBadge';
import { ProductThumbnail } from './ProductThumbnail';
import { StockChip } from './StockChip';
import { VariantSwatches } from './VariantSwatches';

interface ProductGridProps {
  /** From useDataGrid: rows, paging and sorting on the server. */
  dataGridProps: Omit<DataGridProps<Product>, 'columns'>;
  emptyText: string;
  onEdit: (product: Product) => void;
  onView: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** The catalogue table: image, name, categories, variants, stock, status and the row actions. */
export function ProductGrid({ dataGridProps, emptyText, onEdit, onView, onDelete }: ProductGridProps) {
  const columns = useMemo<GridColDef<Product>[]>(
    () => [
      {
        field: 'image',
        headerName: 'Image',
        width: 76,
        sortable: false,
        renderCell: ({ row }) => <ProductThumbnail product={row} />,
      },
      { field: 'name', headerName: 'Name', flex: 1.4, minWidth: 180 },
      {
        field: 'categories',
        headerName: 'Categories',
        flex: 1.2,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
            {(row.categories ?? []).map((category) => (
              <Chip key={category} label={category} size="small" variant="outlined" />
            ))}
          </Box>
        ),
      },
      {
        field: 'variants',
        headerName: 'Variants',
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <VariantSwatches variants={row.variants ?? []} />,
      },
      {
        field: 'totalStock',
        headerName: 'Stock',
        width: 100,
        renderCell: ({ row }) => <StockChip stock={row.totalStock ?? 0} />,
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 130,
        renderCell: ({ row }) => (
          <StatusBadge status={row.status} colours={PRODUCT_STATUS_COLOURS} labels={PRODUCT_STATUS_LABELS} />
        ),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 140,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label="Edit" onClick={() => onEdit(row)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="View Details">
              <IconButton size="small" aria-label="View Details" onClick={() => onView(row)}>
                <VisibilityOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label="Delete" color="error" onClick={() => onDelete(row)}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ],
    [onEdit, onView, onDelete],
  );

  return (
    <DataGrid<Product>
      {...dataGridProps}
      columns={columns}
      rowHeight={64}
      pageSizeOptions={[10, 25, 50]}
      autoHeight
      disableColumnSelector
      disableColumnFilter
      localeText={{ noRowsLabel: emptyText, noResultsOverlayLabel: emptyText }}
      sx={{ '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
    />
  );
}
