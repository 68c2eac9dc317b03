import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { useCustom, type HttpError } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { fieldColumns } from '../../components/resource/columns';
import { DetailList } from '../../components/resource/DetailList';
import { PageHeader } from '../../components/resource/PageHeader';
import { RecordState } from '../../components/resource/RecordState';
import { formatCount, formatDate, formatRupeesExact, type Address, type CustomerStats, type Order, type SessionUser } from '../../domain';
import orders from '../orders/resource';
import { AddressBlock } from '../orders/AddressBlock';

/** The addresses a customer has shipped to, newest first, each once. */
const addressesOf = (placed: readonly Order[]): Address[] => {
  const seen = new Map<string, Address>();
  for (const order of placed) if (order.shippingAddress) seen.set(JSON.stringify(order.shippingAddress), order.shippingAddress);
  return [...seen.values()];
};

/**
 * A customer's page (/customers/{id}): contact, the addresses of their orders, their figures (spend by
 * the dashboard's revenue rule) and their orders, paged by the server.
 */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const { result, query } = useCustom<{ user: SessionUser; stats: CustomerStats }>({
    url: `/api/auth/users/${encodeURIComponent(id)}`,
    method: 'get',
    errorNotification: false,
  });
  const { dataGridProps } = useDataGrid<Order & { id: string }, HttpError>({
    resource: 'orders',
    filters: { permanent: [{ field: 'user', operator: 'eq', value: id }] },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    pagination: { pageSize: 10 },
    syncWithLocation: false,
  });
  const columns = useMemo(() => fieldColumns(orders).filter((column) => column.field !== 'user'), []);
  const customer = result.data?.user;
  const stats = result.data?.stats;
  return (
    <Box component="section" aria-label="Customer" sx={{ display: 'grid', gap: 3 }}>
      <PageHeader title={customer?.fullname ?? 'Customer'} back="/customers" backLabel="Back to customers" />
      <RecordState query={query} found={customer !== undefined} loading="Loading customer..." notFound="Customer not found." loadFailed="Failed to load the customer">
        {customer && stats && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Contact
              </Typography>
              <DetailList
                rows={[
                  ['Email', customer.email],
                  ['Phone', customer.phone || '—'],
                  ['Customer since', formatDate(customer.createdAt)],
                ]}
              />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Figures
              </Typography>
              <DetailList
                rows={[
                  ['Orders', formatCount(stats.orders)],
                  ['Lifetime spend', formatRupeesExact(stats.spent)],
                  ['First order', formatDate(stats.firstOrderAt)],
                  ['Last order', formatDate(stats.lastOrderAt)],
                ]}
              />
            </Paper>
            <Paper variant="outlined" sx={{ p: 2, gridColumn: '1 / -1' }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Addresses
              </Typography>
              <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                {addressesOf(dataGridProps.rows).map((address, index) => (
                  <AddressBlock key={index} address={address} />
                ))}
                {dataGridProps.rows.length === 0 && <Typography variant="body2">No orders yet.</Typography>}
              </Box>
            </Paper>
          </Box>
        )}
      </RecordState>
      <Box component="section" aria-label="Orders of this customer">
        <Typography variant="h6" component="h2" gutterBottom>
          Orders
        </Typography>
        <DataGrid
          {...dataGridProps}
          columns={columns}
          rowHeight={orders.rowHeight}
          disableColumnMenu
          autoHeight
          localeText={{ noRowsLabel: 'No orders yet.' }}
          pageSizeOptions={[10, 25, 50]}
        />
      </Box>
    </Box>
  );
}
