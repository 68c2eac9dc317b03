import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { DataGrid, type DataGridProps, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { StatusBadge } from '../../components/StatusBadge';
import {
  COUPON_MESSAGES,
  COUPON_STATE_COLOURS,
  formatCommaList,
  formatCouponValue,
  formatDate,
  formatRupees,
  type Coupon,
} from '../../domain';

interface CouponGridProps {
  /** From useDataGrid: rows, paging and sorting on the server. */
  dataGridProps: Omit<DataGridProps<Coupon>, 'columns'>;
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
}

const listText = (items: string[] | undefined) => formatCommaList(items) || '—';

/** The coupons table (SPEC.md, Coupons). */
export function CouponGrid({ dataGridProps, onEdit, onDelete }: CouponGridProps) {
  const columns = useMemo<GridColDef<Coupon>[]>(
    () => [
      { field: 'code', headerName: 'Code', flex: 1, minWidth: 110, renderCell: ({ value }) => <strong>{value}</strong> },
      {
        field: 'discountType',
        headerName: 'Type',
        width: 92,
        sortable: false,
        valueFormatter: (value: Coupon['discountType']) => (value === 'percentage' ? 'Percentage' : 'Flat'),
      },
      { field: 'discountValue', headerName: 'Value', width: 70, sortable: false, valueGetter: (_value, row) => formatCouponValue(row) },
      {
        field: 'minOrderAmount',
        headerName: 'Min Order',
        width: 95,
        sortable: false,
        valueFormatter: (value: number | undefined) => formatRupees(value ?? 0),
      },
      {
        field: 'maxDiscount',
        headerName: 'Max Discount',
        width: 122,
        sortable: false,
        valueFormatter: (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatRupees(value)),
      },
      { field: 'applicableCollections', headerName: 'Collections', flex: 1, minWidth: 100, sortable: false, valueFormatter: listText },
      { field: 'applicableCategories', headerName: 'Categories', flex: 1, minWidth: 100, sortable: false, valueFormatter: listText },
      { field: 'expiresAt', headerName: 'Expiry Date', width: 110, valueFormatter: (value: string) => formatDate(value) },
      {
        field: 'isActive',
        headerName: 'Status',
        width: 90,
        sortable: false,
        renderCell: ({ row }) => (
          <StatusBadge
            status={row.isActive ? 'active' : 'inactive'}
            colours={COUPON_STATE_COLOURS}
            labels={{ active: 'Active', inactive: 'Inactive' }}
          />
        ),
      },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 90,
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
            <Tooltip title="Delete">
              <IconButton size="small" aria-label="Delete" color="error" onClick={() => onDelete(row)}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ],
    [onEdit, onDelete],
  );

  return (
    <DataGrid<Coupon>
      {...dataGridProps}
      columns={columns}
      pageSizeOptions={[10, 25, 50]}
      autoHeight
      disableColumnSelector
      disableColumnFilter
      localeText={{ noRowsLabel: COUPON_MESSAGES.empty, noResultsOverlayLabel: COUPON_MESSAGES.empty }}
      // Long collection names wrap instead of being cut off.
      getRowHeight={() => 'auto'}
      sx={{ '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1.5, whiteSpace: 'normal', lineHeight: 1.4 } }}
    />
  );
}
