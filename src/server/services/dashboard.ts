import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  CATEGORY_COLOURS,
  KPI_TITLES,
  PRODUCT_CATEGORIES,
  type CategoryShare,
  type Kpi,
  type KpiFormat,
  type MonthlySalesPoint,
  roundMoney,
} from '../../domain';
import type { Db } from '../db/client';
import { salesDayCategories, salesDays, salesMonths } from '../db/schema';

/**
 * The dashboard's figures over a window of calendar months (UTC). Revenue (domain countsAsSale) is every
 * order that is not cancelled: `totalPrice` for the monthly figures, item revenue (qty × price, before
 * shipping and tax) for the category shares. They are read from the sales summaries (schema.ts), which
 * the database keeps exact with every order write (migration 0003): a window is a few hundred summary
 * rows, however many orders the store holds.
 */

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHLY_SALES_MONTHS = 12;
const KPI_TREND_MONTHS = 6;
const CATEGORY_MONTHS = 12;

/** The last `count` calendar months up to and including the one holding `now`, oldest first. */
function monthWindow(count: number, now: Date): { months: Date[]; from: Date; to: Date } {
  const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const months = Array.from({ length: count }, (_, i) => month(count - 1 - i));
  return { months, from: months[0]!, to: month(-1) };
}

const monthKey = (month: Date) => month.toISOString().slice(0, 7);
const monthName = (month: Date) => `${MONTH_NAMES[month.getUTCMonth()]} ${month.getUTCFullYear()}`;

/** Summary rows keyed by a UTC calendar day or month in [from, to). */
const within = (column: AnyColumn, from: Date, to: Date) =>
  sql`${column} >= ${from.toISOString().slice(0, 10)}::date and ${column} < ${to.toISOString().slice(0, 10)}::date`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface MonthFigures {
  month: Date;
  sales: number;
  orders: number;
  customers: number;
}

/** Sales, order count and distinct ordering customers per month of the window; months without sales are zeros. */
async function monthFigures(db: Db, count: number, now: Date): Promise<MonthFigures[]> {
  const { months, from, to } = monthWindow(count, now);
  const found = await rows<{ month: string; sales: number; orders: number; customers: number }>(
    db,
    sql`select coalesce(d.month, m.month) as month, coalesce(d.sales, 0) as sales, coalesce(d.orders, 0) as orders,
               coalesce(m.customers, 0) as customers
        from (select to_char(${salesDays.day}, 'YYYY-MM') as month, sum(${salesDays.revenue})::float8 as sales, sum(${salesDays.orders})::int as orders
              from ${salesDays} where ${within(salesDays.day, from, to)} group by 1) d
        full join (select to_char(${salesMonths.month}, 'YYYY-MM') as month, ${salesMonths.customers} as customers
                   from ${salesMonths} where ${within(salesMonths.month, from, to)}) m on m.month = d.month`,
  );
  const byMonth = new Map(found.map((r) => [r.month, r]));
  return months.map((month) => {
    const figures = byMonth.get(monthKey(month));
    return {
      month,
      sales: Number(figures?.sales ?? 0),
      orders: Number(figures?.orders ?? 0),
      customers: Number(figures?.customers ?? 0),
    };
  });
}

/** The last 12 months, oldest first, the current month so far last. */
export async function monthlySales(db: Db, now = new Date()): Promise<MonthlySalesPoint[]> {
  return (await monthFigures(db, MONTHLY_SALES_MONTHS, now)).map((m) => ({
    name: monthName(m.month),
    sales: roundMoney(m.sales),
    orders: m.orders,
    customers: m.customers,
  }));
}

/**
 * Each KPI's value is the current calendar month so far, its change the percent against the whole of
 * last month, its trend the last 6 months (oldest first, current month last).
 */
export async function dashboardKpis(db: Db, now = new Date()): Promise<Kpi[]> {
  const months = await monthFigures(db, KPI_TREND_MONTHS, now);
  const series = (pick: (m: MonthFigures) => number) => months.map((m) => roundMoney(pick(m)));
  return [
    kpi(
      KPI_TITLES.revenue,
      'currency',
      series((m) => m.sales),
    ),
    kpi(
      KPI_TITLES.orders,
      'number',
      series((m) => m.orders),
    ),
    kpi(
      KPI_TITLES.customers,
      'number',
      series((m) => m.customers),
    ),
    kpi(
      KPI_TITLES.averageOrderValue,
      'currency',
      series((m) => (m.orders ? m.sales / m.orders : 0)),
    ),
  ];
}

function kpi(title: string, format: KpiFormat, trend: number[]): Kpi {
  const value = trend.at(-1) ?? 0;
  const previous = trend.at(-2) ?? 0;
  // From nothing, any sale is a full step up; nothing to nothing is no change.
  const change = previous === 0 ? (value > 0 ? 100 : 0) : Math.round(((value - previous) / previous) * 1000) / 10;
  return { title, value, format, change, changeType: change < 0 ? 'decrease' : 'increase', trend };
}

/**
 * Each category's share (percent, 1 decimal, summing to exactly 100) of item revenue over the last 12
 * months, largest first. A product in several categories splits each line's revenue evenly between
 * them; lines whose product is gone or has no category count as 'Other'.
 */
export async function salesByCategory(db: Db, now = new Date()): Promise<CategoryShare[]> {
  const { from, to } = monthWindow(CATEGORY_MONTHS, now);
  const found = await rows<{ name: string; revenue: number }>(
    db,
    sql`select ${salesDayCategories.category} as name, sum(${salesDayCategories.revenue})::float8 as revenue
        from ${salesDayCategories}
        where ${within(salesDayCategories.day, from, to)}
        group by 1
        having sum(${salesDayCategories.revenue}) > 0
        order by 2 desc, 1`,
  );
  const shares = percentShares(found.map((r) => Number(r.revenue)));
  const known: readonly string[] = PRODUCT_CATEGORIES;
  const others = found.map((r) => r.name).filter((name) => !known.includes(name));
  const colourOf = (name: string) => {
    const index = known.includes(name) ? known.indexOf(name) : known.length + others.indexOf(name);
    return CATEGORY_COLOURS[index % CATEGORY_COLOURS.length]!;
  };
  return found.map((r, i) => ({ name: r.name, value: shares[i]!, color: colourOf(r.name) }));
}

/**
 * Percent shares to one decimal that add up to exactly 100 (largest remainder): rounding each share
 * on its own can make a pie of 99.9 or 100.1.
 */
function percentShares(amounts: number[]): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (total <= 0) return amounts.map(() => 0);
  const tenths = amounts.map((a) => (a / total) * 1000);
  const floors = tenths.map(Math.floor);
  let left = 1000 - floors.reduce((sum, f) => sum + f, 0);
  const byRemainder = tenths.map((t, i) => ({ i, rest: t - floors[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i] = floors[i]! + 1;
    left -= 1;
  }
  return floors.map((f) => f / 10);
}
