import { ORDER_STATUSES, countsAsSale } from '../../src/domain';
import type { Database } from '../../src/server/db/client';

/**
 * The dashboard's three aggregates the naive way, as the store answered them before the sales
 * summaries: one scan of every order (and line) of the window per request. The benchmark runs these
 * next to the endpoints so the speed-up is a ratio measured in the same run on the same store.
 */

const SALE_STATUSES = ORDER_STATUSES.filter(countsAsSale);

function monthWindow(count: number, now: Date): { from: string; to: string } {
  const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString();
  return { from: month(count - 1), to: month(-1) };
}

/** Sales, orders and distinct customers per month: 12 months for monthly-sales, 6 for the KPIs. */
function monthFigures(database: Database, months: number, now: Date) {
  const { from, to } = monthWindow(months, now);
  return database.query(
    `select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month,
            sum(total_price)::float8 as sales, count(*)::int as orders, count(distinct user_id)::int as customers
     from orders
     where status = any($1::text[]) and created_at >= $2::timestamptz and created_at < $3::timestamptz
     group by 1`,
    [SALE_STATUSES, from, to],
  );
}

function categoryRevenue(database: Database, now: Date) {
  const { from, to } = monthWindow(12, now);
  return database.query(
    `select coalesce(c.category, 'Other') as name,
            sum(i.qty * i.price / greatest(cardinality(p.categories), 1))::float8 as revenue
     from order_items i
     join orders o on o.id = i.order_id
     left join products p on p.id = i.product_id
     left join lateral unnest(p.categories) as c(category) on true
     where o.status = any($1::text[]) and o.created_at >= $2::timestamptz and o.created_at < $3::timestamptz
     group by 1
     having sum(i.qty * i.price) > 0
     order by 2 desc, 1`,
    [SALE_STATUSES, from, to],
  );
}

/** Keyed like the endpoints they stand in for. */
export const NAIVE_AGGREGATES: Record<string, (database: Database, now: Date) => Promise<unknown>> = {
  'dashboard-summary': (database, now) => monthFigures(database, 6, now),
  'monthly-sales': (database, now) => monthFigures(database, 12, now),
  'sales-by-category': categoryRevenue,
};
