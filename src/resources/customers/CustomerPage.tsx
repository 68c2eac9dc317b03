import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import type { HttpError } from '@refinedev/core';
import { fieldColumns, useGridLayout } from '../../components/resource/columns';
import { PermittedLink } from '../../components/resource/PermittedLink';
import { useSteadyDataGrid } from '../../components/resource/steady-grid';
import { RecordPage } from '../../components/resource/RecordPage';
import { useRouteRecord } from '../../components/resource/RecordState';
import { TitledSection } from '../../components/TitledSection';
import {
  formatCount,
  formatDate,
  formatRupeesExact,
  type CustomerStats,
  type Order,
  type SessionUser,
} from '../../domain';
import orders from '../orders/resource';
import customers from './resource';
import { AddressBlock } from '../../components/AddressBlock';

const columns = fieldColumns(orders).filter((column) => column.field !== 'user');
const localeText = { noRowsLabel: 'No orders yet.' };
const panel = (title: string, rows: [string, string][]) => <TitledSection title={title} outlined rows={rows} />;

/** A customer's page (/customers/{id}): spend counts by the dashboard's revenue rule; their orders are paged by the server. */
export default function CustomerPage() {
  // The figures come with the user, beside it (`stats`, handed on by the endpoint table).
  const { id, record: customer, query } = useRouteRecord<SessionUser>('users');
  const stats = (query.data as { stats?: CustomerStats } | undefined)?.stats;
  const { dataGridProps } = useSteadyDataGrid<Order & { id: string }, HttpError>({
    resource: 'orders',
    filters: { permanent: [{ field: 'user', operator: 'eq', value: id }] },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    pagination: { pageSize: 10 },
    syncWithLocation: true,
  });
  const layout = useGridLayout(orders);
  // The addresses shipped to, newest first, each once.
  const addresses = new Map(
    dataGridProps.rows.flatMap(({ shippingAddress: address }) =>
      address ? [[JSON.stringify(address), address] as const] : [],
    ),
  );
  return (
    <RecordPage
      presentation={customers}
      label="Customer"
      title={customer?.fullname ?? 'Customer'}
      query={query}
      found={customer !== undefined}
      sx={{ display: 'grid', gap: 3 }}
      actions={
        // Staff who take orders start one for this customer here.
        <PermittedLink resource="orders" action="create" to={`/orders/create?customer=${id}`} variant="contained">
          New Order
        </PermittedLink>
      }
      after={
        <TitledSection title="Orders">
          <DataGrid {...dataGridProps} {...layout} columns={columns} localeText={localeText} />
        </TitledSection>
      }
    >
      {customer && stats && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {panel('Contact', [
            ['Email', customer.email],
            ['Phone', customer.phone || '—'],
            ['Customer since', formatDate(customer.createdAt)],
          ])}
          {panel('Figures', [
            ['Orders', formatCount(stats.orders)],
            ['Lifetime spend', formatRupeesExact(stats.spent)],
            ['First order', formatDate(stats.firstOrderAt)],
            ['Last order', formatDate(stats.lastOrderAt)],
          ])}
          <TitledSection title="Addresses" outlined wide>
            <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
              {[...addresses.values()].map((address, index) => (
                <AddressBlock key={index} address={address} />
              ))}
              {dataGridProps.rows.length === 0 && <Typography variant="body2">No orders yet.</Typography>}
            </Box>
          </TitledSection>
        </Box>
      )}
    </RecordPage>
  );
}
