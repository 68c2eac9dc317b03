import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useList, type HttpError } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import { formatKpiChange, formatKpiValue, type Kpi } from '../../domain';
import { serverMessageOr } from '../../providers/http';

const KpiTrendLine = lazy(() => import('./KpiTrendLine'));
const TREND_HEIGHT = 48;

/** One key figure: title, value in its format, change against last month with its arrow, and the trend line. */
function KpiCard({ kpi }: { kpi: Kpi }) {
  const down = kpi.changeType === 'decrease';
  const Arrow = down ? ArrowDownward : ArrowUpward;
  return (
    <Paper variant="outlined" component="article" aria-label={kpi.title} sx={{ p: 2.5, height: '100%' }}>
      <Typography variant="body2" color="text.secondary" fontWeight={500}>
        {kpi.title}
      </Typography>
      <Typography variant="h5" component="p" fontWeight={700} sx={{ mt: 0.5 }}>
        {formatKpiValue(kpi.value, kpi.format)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
        <Arrow fontSize="small" color={down ? 'error' : 'success'} aria-label={down ? 'down' : 'up'} />
        <Typography variant="body2" fontWeight={600} color={down ? 'error.main' : 'success.main'}>
          {formatKpiChange(kpi.change)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          from last month
        </Typography>
      </Box>
      <Box sx={{ mt: 1, height: TREND_HEIGHT }}>
        <Suspense fallback={<Skeleton variant="rounded" height={TREND_HEIGHT} />}>
          <KpiTrendLine kpi={kpi} height={TREND_HEIGHT} />
        </Suspense>
      </Box>
    </Paper>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

/** The key figures of the dashboard summary. */
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
  if (query.isError)
    return <Alert severity="error">{serverMessageOr(query.error, 'Failed to load dashboard data')}</Alert>;
  // The contract's summary says whether it succeeded.
  if ((result as { success?: unknown }).success !== true)
    return <Alert severity="error">Invalid response format</Alert>;

  return (
    <Box sx={grid}>
      {result.data.map((kpi) => (
        <KpiCard key={kpi.title} kpi={kpi} />
      ))}
    </Box>
  );
}
