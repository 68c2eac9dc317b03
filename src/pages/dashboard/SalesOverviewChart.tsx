import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatCount, formatRupees, formatRupeesCompact, type MonthlySalesPoint } from '../../domain';

/**
 * Sales (rupees, left axis) with orders and customers (counts, right axis) per month: on one axis the
 * counts would lie flat under sales in lakhs.
 */
export default function SalesOverviewChart({ months, height }: { months: MonthlySalesPoint[]; height: number }) {
  const theme = useTheme();
  const count = (value: number | null) => (value === null ? '' : formatCount(value));
  const rupees = (value: number) => formatRupeesCompact(value);
  // Axes start at zero; with no sales at all they still need a top, or the zero line floats mid-chart.
  const noSales = months.every((m) => m.sales === 0);
  const noCounts = months.every((m) => m.orders === 0 && m.customers === 0);
  return (
    <LineChart
      height={height}
      xAxis={[
        {
          scaleType: 'point',
          data: months.map((m) => m.name),
          valueFormatter: (name: string, context) => (context.location === 'tick' ? name.slice(0, 3) : name),
        },
      ]}
      yAxis={[
        { id: 'sales', position: 'left', min: 0, max: noSales ? 1000 : undefined, valueFormatter: rupees, width: 64 },
        { id: 'counts', position: 'right', min: 0, max: noCounts ? 10 : undefined, valueFormatter: count, width: 44 },
      ]}
      series={[
        {
          id: 'sales',
          label: 'Sales',
          data: months.map((m) => m.sales),
          yAxisId: 'sales',
          color: theme.palette.primary.main,
          area: true,
          curve: 'monotoneX',
          valueFormatter: (value) => (value === null ? '' : formatRupees(value)),
        },
        {
          id: 'orders',
          label: 'Orders',
          data: months.map((m) => m.orders),
          yAxisId: 'counts',
          color: '#f59e0b',
          curve: 'monotoneX',
          valueFormatter: count,
        },
        {
          id: 'customers',
          label: 'Customers',
          data: months.map((m) => m.customers),
          yAxisId: 'counts',
          color: '#06b6d4',
          curve: 'monotoneX',
          valueFormatter: count,
        },
      ]}
      grid={{ horizontal: true }}
      sx={{ '& .MuiAreaElement-series-sales': { fillOpacity: 0.12 } }}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
    />
  );
}
