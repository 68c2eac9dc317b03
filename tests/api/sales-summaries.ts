import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, countsAsSale } from '../../src/domain';
import type { Db } from '../../src/server/db/client';

/**
 * The recomputation oracle of the dashboard's sales summaries (sales_days, sales_day_categories,
 * sales_month_customers, sales_months, order_counts): what the tables hold, and the same figures
 * recomputed from the orders themselves with the domain's rule for what a sale is. After any writes
 * the two must be equal.
 */

const SALE_STATUSES = ORDER_STATUSES.filter(countsAsSale);

export type Rows = Record<string, string>[];

/** Through Drizzle, so inside a transaction the query runs on the transaction's connection. */
export async function rows(db: Db, query: SQL): Promise<Rows> {
  return ((await db.execute(query)) as unknown as { rows: Rows }).rows;
}

/** What each summary table holds, zero rows left out (a figure that went back to zero may keep its row). */
export async function stored(db: Db) {
  return {
    days: await rows(
      db,
      sql`select day::text, orders::text, trim_scale(revenue)::text as revenue from sales_days where orders <> 0 or revenue <> 0 order by 1`,
    ),
    categories: await rows(
      db,
      sql`select day::text, category, trim_scale(revenue)::text as revenue from sales_day_categories where revenue <> 0 order by 1, 2`,
    ),
    monthCustomers: await rows(
      db,
      sql`select month::text, user_id, orders::text from sales_month_customers where orders <> 0 order by 1, 2`,
    ),
    months: await rows(db, sql`select month::text, customers::text from sales_months where customers <> 0 order by 1`),
    counts: await rows(
      db,
      sql`select status, payment_status, orders::text from order_counts where orders <> 0 order by 1, 2`,
    ),
  };
}

/** The same figures from a full scan of orders, lines and products, with the domain's rule for what a sale is. */
export async function recomputed(db: Db) {
  const sale = sql`${sql.param(SALE_STATUSES)}::text[]`;
  return {
    days: await rows(
      db,
      // A sale's revenue on its day, less what was given back on the days it was (refunds and store credit).
      sql`select day::text, sum(orders)::text as orders, trim_scale(sum(revenue))::text as revenue from (
         select (created_at at time zone 'UTC')::date as day, count(*) as orders, sum(total_price) as revenue
         from orders where status = any(${sale}) group by 1
         union all
         select (r.at at time zone 'UTC')::date, 0, -sum(r.amount)
         from refunds r join orders o on o.id = r.order_id where o.status = any(${sale}) group by 1) d
       group by day having sum(orders) <> 0 or sum(revenue) <> 0 order by 1`,
    ),
    categories: await rows(
      db,
      sql`select day::text, category, trim_scale(revenue)::text as revenue from (
         select (o.created_at at time zone 'UTC')::date as day, coalesce(c.category, 'Other') as category,
                sum(i.qty * i.price / greatest(cardinality(p.categories), 1)) as revenue
         from order_items i join orders o on o.id = i.order_id
         left join products p on p.id = i.product_id
         left join lateral unnest(p.categories) as c(category) on true
         where o.status = any(${sale}) group by 1, 2) c
       where revenue <> 0 order by 1, 2`,
    ),
    monthCustomers: await rows(
      db,
      sql`select date_trunc('month', created_at at time zone 'UTC')::date::text as month, user_id, count(*)::text as orders
       from orders where status = any(${sale}) and user_id is not null group by 1, 2 order by 1, 2`,
    ),
    months: await rows(
      db,
      sql`select date_trunc('month', created_at at time zone 'UTC')::date::text as month, count(distinct user_id)::text as customers
       from orders where status = any(${sale}) and user_id is not null group by 1 order by 1`,
    ),
    counts: await rows(
      db,
      sql`select status, payment_status, count(*)::text as orders from orders group by 1, 2 order by 1, 2`,
    ),
  };
}
