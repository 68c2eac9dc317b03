import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useList, type HttpError } from '@refinedev/core';
import type { Kpi } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { KpiCard } from './KpiCard';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } } as const;

/** The key figures of /api/order/dashboard-summary. */
export function KpiCards() {
  const { result, query } = useList<Kpi, HttpError>({ resource: 'dashboardKpis', errorNotification: false });

  if (query.isLoading) {
    return (
      <Box sx={grid} aria-busy="true" aria-label="Loading key figures">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={164} />
        ))}
      </Box>
    );
  }
  if (query.isError) return <Alert severity="error">{serverMessageOr(query.error, 'Failed to load dashboard data')}</Alert>;
  // The contract's summary says whether it succeeded (SPEC.md section 8).
  if ((result as { success?: unknown }).success !== true) return <Alert severity="error">Invalid response format</Alert>;

  return (
    <Box sx={grid}>
      {result.data.map((kpi) => (
        <KpiCard key={kpi.title} kpi={kpi} />
      ))}
    </Box>
  );
}
