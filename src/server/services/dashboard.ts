import { sql } from 'drizzle-orm';
import {
  CATEGORY_COLOURS,
  KPI_TITLES,
  ORDER_STATUSES,
  PRODUCT_CATEGORIES,
  countsAsSale,
  type CategoryShare,
  type Kpi,
  type KpiFormat,
  type MonthlySalesPoint,
} from '../../domain';
import type { Db } from '../db/client';

/**
 * Dashboard figures as SQL aggregates over orders. Months are calendar months in UTC; every figure
 * counts only orders that count as a sale (domain countsAsSale: not cancelled). A later change may
 * answer these from summary tables: callers only see these functions.
 */

const saleStatuses = () => sql.param(ORDER_STATUSES.filter(countsAsSale));
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface MonthFigures {
  month: Date;
  sales: number;
  orders: number;
  customers: number;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The last `months` calendar months up to and including the one holding `now`, oldest first, empty months as zeros. */
async function monthFigures(db: Db, months: number, now: Date): Promise<MonthFigures[]> {
  const result = await rows<{ month: string; sales: number; orders: number; customers: number }>(
    db,
    sql`with bounds as (
          select date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') as current_month
        ), months as (
          select generate_series(current_month - make_interval(months => ${months - 1}), current_month, interval '1 month') as month
          from bounds
        ), figures as (
          select date_trunc('month', o.created_at at time zone 'UTC') as month,
                 sum(o.total_price)::float8 as sales, count(*)::int as orders, count(distinct o.user_id)::int as customers
          from orders o, bounds b
          where o.status = any(${saleStatuses()}::text[])
            and o.created_at >= (b.current_month - make_interval(months => ${months - 1})) at time zone 'UTC'
            and o.created_at < (b.current_month + interval '1 month') at time zone 'UTC'
          group by 1
        )
        select to_char(m.month, 'YYYY-MM-DD') as month, coalesce(f.sales, 0)::float8 as sales,
               coalesce(f.orders, 0)::int as orders, coalesce(f.customers, 0)::int as customers
        from months m left join figures f on f.month = m.month
        order by m.month`,
  );
  return result.map((r) => ({ month: new Date(`${r.month}T00:00:00Z`), sales: Number(r.sales), orders: Number(r.orders), customers: Number(r.customers) }));
}

const monthName = (month: Date) => `${MONTH_NAMES[month.getUTCMonth()]} ${month.getUTCFullYear()}`;
const round2 = (n: number) => Math.round(n * 100) / 100;

export async function monthlySales(db: Db, now = new Date()): Promise<MonthlySalesPoint[]> {
  return (await monthFigures(db, 12, now)).map((m) => ({
    name: monthName(m.month),
    sales: round2(m.sales),
    orders: m.orders,
    customers: m.customers,
  }));
}

/**
 * Each KPI's value is the current calendar month so far, its change the percent against the whole of
 * last month, its trend the last 6 months (oldest first, current month last).
 */
export async function dashboardKpis(db: Db, now = new Date()): Promise<Kpi[]> {
  const months = await monthFigures(db, 6, now);
  const series = (pick: (m: MonthFigures) => number) => months.map((m) => round2(pick(m)));
  return [
    kpi(KPI_TITLES.revenue, 'currency', series((m) => m.sales)),
    kpi(KPI_TITLES.orders, 'number', series((m) => m.orders)),
    kpi(KPI_TITLES.customers, 'number', series((m) => m.customers)),
    kpi(KPI_TITLES.averageOrderValue, 'currency', series((m) => (m.orders ? m.sales / m.orders : 0))),
  ];
}

function kpi(title: string, format: KpiFormat, trend: number[]): Kpi {
  const value = trend.at(-1) ?? 0;
  const previous = trend.at(-2) ?? 0;
  const change = previous === 0 ? (value > 0 ? 100 : 0) : Math.round(((value - previous) / previous) * 1000) / 10;
  return { title, value, format, change, changeType: change < 0 ? 'decrease' : 'increase', trend };
}

/**
 * Share (percent, 1 decimal) of item revenue (qty × price) per product category over the last 12
 * months. A product in several categories splits each line's revenue evenly between them; lines
 * whose product is gone or has no category count as 'Other'.
 */
export async function salesByCategory(db: Db, now = new Date()): Promise<CategoryShare[]> {
  const result = await rows<{ name: string; revenue: number }>(
    db,
    sql`select coalesce(c.category, 'Other') as name,
               sum(i.qty * i.price / greatest(coalesce(cardinality(p.categories), 0), 1))::float8 as revenue
        from order_items i
        join orders o on o.id = i.order_id
        left join products p on p.id = i.product_id
        left join lateral unnest(p.categories) as c(category) on true
        where o.status = any(${saleStatuses()}::text[])
          and o.created_at >= (date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') - interval '11 months') at time zone 'UTC'
        group by 1
        order by 2 desc, 1`,
  );
  const total = result.reduce((sum, r) => sum + Number(r.revenue), 0);
  if (total === 0) return [];
  const known: readonly string[] = PRODUCT_CATEGORIES;
  const others = result.map((r) => r.name).filter((name) => !known.includes(name));
  const colourOf = (name: string) => {
    const index = known.includes(name) ? known.indexOf(name) : known.length + others.indexOf(name);
    return CATEGORY_COLOURS[index % CATEGORY_COLOURS.length]!;
  };
  return result.map((r) => ({ name: r.name, value: Math.round((Number(r.revenue) / total) * 1000) / 10, color: colourOf(r.name) }));
}
