import { defineContract } from './contract';
import { formatCount, formatPercent, formatRupees, keptFormatter } from './format';

export type KpiFormat = 'currency' | 'percentage' | 'number';

export interface Kpi {
  title: string;
  value: number;
  format: KpiFormat;
  /** Percent change against last month. */
  change: number;
  changeType: 'increase' | 'decrease';
  /** Recent months, oldest first. */
  trend: number[];
}

export interface MonthlySalesPoint {
  name: string;
  sales: number;
  orders: number;
  customers: number;
}

export interface CategoryShare {
  name: string;
  value: number;
  color: string;
}

export const KPI_TITLES = {
  revenue: 'Total Revenue',
  orders: 'Orders',
  customers: 'Customers',
  averageOrderValue: 'Average Order Value',
} as const;

export const CATEGORY_COLOURS = ['#6366f1', '#22c55e', '#f59e0b', '#ef4444', '#06b6d4', '#a855f7', '#84cc16'] as const;

const inrCompact = keptFormatter(
  () =>
    new Intl.NumberFormat('en-IN', {
      notation: 'compact',
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }),
);

/** A KPI's value as its format says, with no decimals: whole rupees, whole percentages, plain counts (Indian grouping). */
export function formatKpiValue(value: number, format: KpiFormat): string {
  if (format === 'currency') return formatRupees(value);
  if (format === 'percentage') return formatPercent(value, 0);
  return formatCount(value);
}

/** The size of a KPI's change against last month, without its sign: the arrow shows the direction. */
export function formatKpiChange(change: number): string {
  return formatPercent(Math.abs(change));
}

/** ₹12K, ₹1.2L, ₹3.4Cr: chart axes, where full figures would not fit. */
export function formatRupeesCompact(value: number): string {
  return inrCompact().format(value);
}

/** A category's whole-number share of the pie (its label), whatever unit the server's values are in. */
export function wholePercentOf(value: number, total: number): string {
  return `${total > 0 ? Math.round((value / total) * 100) : 0}%`;
}

/** Where the order calls are, the dashboard's figures among them. */
export const ORDERS_BASE = '/api/order';

/** The dashboard's figures: lists without parameters under the orders' path (no zod: the dashboard loads them first). */
const dashboardSeries = (name: string, path: string, key: string, extras?: readonly string[]) =>
  defineContract()({
    name,
    noun: name,
    base: ORDERS_BASE,
    api: { list: path },
    keys: { list: key },
    extras: { list: extras },
    list: false,
  });
// The console tells 'Invalid response format' from no figures by the summary's success flag.
export const dashboardKpisContract = dashboardSeries('dashboardKpis', '/dashboard-summary', 'kpis', ['success']);
export const monthlySalesContract = dashboardSeries('monthlySales', '/monthly-sales', 'data');
export const salesByCategoryContract = dashboardSeries('salesByCategory', '/sales-by-category', 'categories');
