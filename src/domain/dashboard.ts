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
