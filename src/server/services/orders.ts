import { asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, type Order, type OrderStatus } from '../../domain';
import type { Db } from '../db/client';
import { orderItems, orders, products, users } from '../db/schema';
import { paged, type ListQuery, type ListSpec } from '../list-query';
import { groupBy } from './group-by';

export const orderListSpec: ListSpec<'orders'> = {
  list: 'orders',
  sortColumns: { createdAt: orders.createdAt, totalPrice: orders.totalPrice, status: orders.status },
  filters: {
    status: {
      value: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }),
      condition: (values) => sql`${orders.status} = any(${sql.param(values)}::text[])`,
    },
    paymentStatus: {
      value: z.enum(PAYMENT_STATUSES, { error: `must be one of ${PAYMENT_STATUSES.join(', ')}` }),
      condition: (values) => sql`${orders.paymentStatus} = any(${sql.param(values)}::text[])`,
    },
  },
  search: (pattern) => sql`(${orders.id} ilike ${pattern} or ${orders.userId} in (
    select u.id from ${users} u where u.fullname ilike ${pattern} or u.email ilike ${pattern}))`,
  defaultOrder: [desc(orders.createdAt), desc(orders.id)],
  tieBreaker: orders.id,
};

const orderColumns = { order: orders, user: { id: users.id, fullname: users.fullname, email: users.email, phone: users.phone } };

export async function listOrders(db: Db, list: ListQuery): Promise<{ orders: Order[]; total: number }> {
  const rows = await paged(
    db.select(orderColumns).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(list.where).orderBy(...list.orderBy).$dynamic(),
    list,
  );
  const total = list.withTotal ? await db.$count(orders, list.where) : rows.length;
  return { orders: await withItems(db, rows), total };
}

export async function getOrder(db: Db, id: string): Promise<Order | undefined> {
  const rows = await db.select(orderColumns).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id));
  return (await withItems(db, rows))[0];
}

/** One UPDATE … RETURNING: concurrent changes never interleave a read and a write. */
export async function updateOrderStatus(db: Db, id: string, status: OrderStatus): Promise<Order | undefined> {
  const updated = await db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning({ id: orders.id });
  return updated.length > 0 ? getOrder(db, id) : undefined;
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
