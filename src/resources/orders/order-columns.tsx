import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { StatusBadge } from '../../components/StatusBadge';
import {
  ORDER_STATUS_COLOURS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_COLOURS,
  PAYMENT_STATUS_LABELS,
  formatDate,
  formatRupeesExact,
  orderPlace,
  shortOrderId,
  type Order,
  type OrderStatus,
} from '../../domain';
import { OrderActionsMenu } from './OrderActionsMenu';

interface OrderRowActions {
  onViewDetails: (order: Order) => void;
  onChangeStatus: (order: Order, status: OrderStatus) => void;
}

/** Two lines in one cell: the main text and a quieter one under it. */
const twoLines = (main: string, sub: string) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
    <Typography variant="body2" fontWeight={500} noWrap>
      {main}
    </Typography>
    <Typography variant="caption" color="text.secondary" noWrap>
      {sub}
    </Typography>
  </Box>
);

/** The orders grid (SPEC.md, Orders). Only date, total and status sort, as the server does (LIST_FIELDS). */
export function orderColumns({ onViewDetails, onChangeStatus }: OrderRowActions): GridColDef<Order>[] {
  return [
    {
      field: '_id',
      headerName: 'Order',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => twoLines(`#${shortOrderId(row._id)}`, orderPlace(row)),
    },
    {
      field: 'user',
      headerName: 'Customer',
      flex: 1,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => twoLines(row.user?.fullname ?? row.shippingAddress?.name ?? '—', row.user?.email ?? ''),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 130,
      renderCell: ({ row }) => <StatusBadge status={row.status} colours={ORDER_STATUS_COLOURS} labels={ORDER_STATUS_LABELS} />,
    },
    {
      field: 'paymentStatus',
      headerName: 'Payment',
      width: 120,
      sortable: false,
      valueGetter: (_value, row) => row.paymentResult?.status,
      renderCell: ({ row }) =>
        row.paymentResult?.status ? (
          <StatusBadge status={row.paymentResult.status} colours={PAYMENT_STATUS_COLOURS} labels={PAYMENT_STATUS_LABELS} />
        ) : (
          '—'
        ),
    },
    {
      field: 'totalPrice',
      headerName: 'Total',
      width: 140,
      type: 'number',
      valueFormatter: (value: number) => formatRupeesExact(value),
    },
    { field: 'createdAt', headerName: 'Date', width: 130, valueFormatter: (value: string) => formatDate(value) },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      align: 'center',
      headerAlign: 'center',
      renderCell: ({ row }) => <OrderActionsMenu order={row} onViewDetails={onViewDetails} onChangeStatus={onChangeStatus} />,
    },
  ];
}
