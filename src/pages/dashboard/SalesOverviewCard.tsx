import { useList, type HttpError } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import type { MonthlySalesPoint } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { ChartMessage } from './ChartMessage';
import { DashboardCard } from './DashboardCard';

const SalesOverviewChart = lazy(() => import('./SalesOverviewChart'));
const HEIGHT = 320;

/** Sales, orders and customers per month over the last 12 months (/api/order/monthly-sales). */
export function SalesOverviewCard() {
  const { result, query } = useList<MonthlySalesPoint, HttpError>({ resource: 'monthlySales', errorNotification: false });

  let body;
  if (query.isLoading) body = <ChartMessage height={HEIGHT} message="Loading..." />;
  else if (query.isError) body = <ChartMessage height={HEIGHT} tone="error" message={serverMessageOr(query.error, 'Failed to load sales data')} />;
  else if (result.data.length === 0) body = <ChartMessage height={HEIGHT} message="No sales data available" />;
  else
    body = (
      <Suspense fallback={<ChartMessage height={HEIGHT} message="Loading..." />}>
        <SalesOverviewChart months={result.data} height={HEIGHT} />
      </Suspense>
    );

  return (
    <DashboardCard title="Sales Overview" subtitle="Sales, orders and customers per month, last 12 months">
      {body}
    </DashboardCard>
  );
}
