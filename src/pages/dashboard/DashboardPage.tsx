import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useGetIdentity } from '@refinedev/core';
import { lazy } from 'react';
import type { CategoryShare, MonthlySalesPoint, SessionUser } from '../../domain';
import { PageHeader } from '../../components/resource/PageHeader';
import { ChartCard } from './ChartCard';
import { KpiCards } from './KpiCards';
import { LowStockAlerts } from './LowStockAlerts';

const SalesOverviewChart = lazy(() => import('./SalesOverviewChart'));
const CategorySalesPie = lazy(() => import('./CategorySalesPie'));

/** Key figures, the monthly sales line and the category pie; the charts load in their own chunks after the page. */
export default function DashboardPage() {
  const { data: user } = useGetIdentity<SessionUser>();
  return (
    <Box component="section" aria-label="Dashboard" sx={{ display: 'grid', gap: 3 }}>
      <PageHeader
        title="Dashboard"
        // Until the admin's name is known a skeleton, not a bare 'Welcome back!' that reads like the sign-in toast.
        subtitle={
          user ? `Welcome back, ${user.fullname}! Here is what is happening in your store.` : <Skeleton width={360} />
        }
      />
      <KpiCards />
      <LowStockAlerts />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <ChartCard<MonthlySalesPoint>
          title="Sales Overview"
          subtitle="Sales, orders and customers per month, last 12 months"
          resource="monthlySales"
          chart={(months, height) => <SalesOverviewChart months={months} height={height} />}
        />
        <ChartCard<CategoryShare>
          title="Sales by Category"
          subtitle="Share of item sales, last 12 months"
          resource="salesByCategory"
          keep={(category) => category.value > 0}
          chart={(categories, height) => <CategorySalesPie categories={categories} height={height} />}
        />
      </Box>
    </Box>
  );
}
