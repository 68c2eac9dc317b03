import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, PAYMENT_STATUSES, type Order, type OrderStatus } from '../../domain';
import type { Db } from '../db/client';
import { orderCounts, orderItems, orders, products, users } from '../db/schema';
import { enumFilter, oneOf, paged, type ListQuery, type ListSpec } from '../list-query';
import { groupBy } from './group-by';
import { customerMatches } from './users';

export const orderListSpec: ListSpec<'orders'> = {
  list: 'orders',
  sortColumns: { createdAt: orders.createdAt, totalPrice: orders.totalPrice, status: orders.status },
  filters: { status: enumFilter(orders.status, ORDER_STATUSES), paymentStatus: enumFilter(orders.paymentStatus, PAYMENT_STATUSES) },
  search: orderSearch,
  defaultOrder: [desc(orders.createdAt), desc(orders.id)],
  tieBreaker: orders.id,
};

/**
 * An order matches by its id's last characters (the short id the console shows, or the whole id) or by
 * its customer's name or email. Both halves are index scans that a bitmap OR combines: the reversed-id
 * index for the suffix, and the customers found through the trigram indexes, as an array the orders'
 * user index looks up (an `in (subquery)` inside an OR would test every order instead).
 */
function orderSearch(pattern: string, text: string): SQL {
  const byCustomer = sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${customerMatches(pattern, text)}))`;
  if (!/^[0-9a-f]{1,24}$/i.test(text)) return byCustomer;
  const reversedPrefix = `${[...text.toLowerCase()].reverse().join('')}%`;
  return sql`(reverse(${orders.id}) like ${reversedPrefix} or ${byCustomer})`;
}

const orderColumns = { order: orders, user: { id: users.id, fullname: users.fullname, email: users.email, phone: users.phone } };

/**
 * The page's ids come first, off the index of the sort (a deep page walks index entries only); only its
 * rows are then joined to their customers and lines.
 */
export async function listOrders(db: Db, list: ListQuery): Promise<{ orders: Order[]; total: number }> {
  const page = paged(db.select({ id: orders.id }).from(orders).where(list.where).orderBy(...list.orderBy).$dynamic(), list);
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, page))
    .orderBy(...list.orderBy);
  const total = list.withTotal ? await countOrders(db, list) : rows.length;
  return { orders: await withItems(db, rows), total };
}

/**
 * Without a search the total comes from order_counts (kept by the database with every order write, see
 * migration 0003), exact and instant however many orders match; a search counts its matches, which its
 * indexes find.
 */
async function countOrders(db: Db, list: ListQuery): Promise<number> {
  const { status, paymentStatus, ...otherFilters } = list.filters;
  if (list.search || Object.keys(otherFilters).length > 0) return db.$count(orders, list.where);
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orderCounts.orders}), 0)::int` })
    .from(orderCounts)
    .where(and(status && oneOf(orderCounts.status, status), paymentStatus && oneOf(orderCounts.paymentStatus, paymentStatus)));
  return row?.total ?? 0;
}

export async function getOrder(db: Db, id: string): Promise<Order | undefined> {
  const rows = await db.select(orderColumns).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id));
  return (await withItems(db, rows))[0];
}

/** One UPDATE … RETURNING: concurrent changes never interleave a read and a write. */
/** Changes the status and answers the order as this change left it: the row stays locked until the read is done. */
export async function updateOrderStatus(db: Db, id: string, status: OrderStatus): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const updated = await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, id)).returning({ id: orders.id });
    return updated.length > 0 ? getOrder(tx, id) : undefined;
  });
}

type OrderRow = { order: typeof orders.$inferSelect; user: { id: string; fullname: string; email: string; phone: string } | null };

async function withItems(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const itemRows = await db
    .select({ item: orderItems, product: { id: products.id, name: products.name, image: products.image } })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(sql`${orderItems.orderId} = any(${sql.param(rows.map((r) => r.order.id))}::text[])`)
    .orderBy(asc(orderItems.position));
  const itemsByOrder = groupBy(itemRows, (r) => r.item.orderId);
  return rows.map(({ order, user }) => ({
    _id: order.id,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentResult: { status: order.paymentStatus },
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    user: user && { _id: user.id, fullname: user.fullname, email: user.email, phone: user.phone },
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    orderItems: (itemsByOrder.get(order.id) ?? []).map(({ item, product }) => ({
      product: product && { _id: product.id, name: product.name, image: product.image },
      image: item.image,
      color: item.color,
      size: item.size,
      qty: item.qty,
      price: item.price,
      mrp: item.mrp,
    })),
    shippingPrice: order.shippingPrice,
    taxPrice: order.taxPrice,
    totalPrice: order.totalPrice,
    ...(order.paymentMethod === 'cod' ? { advancePaid: order.advancePaid ?? 0, remainingCOD: order.remainingCOD ?? 0 } : {}),
  }));
}
