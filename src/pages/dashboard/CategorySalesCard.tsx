import { useList, type HttpError } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import type { CategoryShare } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import { ChartMessage } from './ChartMessage';
import { DashboardCard } from './DashboardCard';

const CategorySalesPie = lazy(() => import('./CategorySalesPie'));
const HEIGHT = 320;

/** Share of item revenue per product category over the last 12 months (/api/order/sales-by-category). */
export function CategorySalesCard() {
  const { result, query } = useList<CategoryShare, HttpError>({ resource: 'salesByCategory', errorNotification: false });
  const categories = result.data.filter((c) => c.value > 0);

  let body;
  if (query.isLoading) body = <ChartMessage height={HEIGHT} message="Loading..." />;
  else if (query.isError) body = <ChartMessage height={HEIGHT} tone="error" message={serverMessageOr(query.error, 'Failed to load sales data')} />;
  else if (categories.length === 0) body = <ChartMessage height={HEIGHT} message="No sales data available" />;
  else
    body = (
      <Suspense fallback={<ChartMessage height={HEIGHT} message="Loading..." />}>
        <CategorySalesPie categories={categories} height={HEIGHT} />
      </Suspense>
    );

  return (
    <DashboardCard title="Sales by Category" subtitle="Share of item sales, last 12 months">
      {body}
    </DashboardCard>
  );
}
