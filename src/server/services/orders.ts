import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  idSchema,
  ORDER_STATUS_LABELS,
  ORDER_DRAFT,
  ORDER_STATES,
  orderPlace,
  ordersContract,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  shortOrderId,
  type PaymentStatus,
  type BulkFailure,
  type Order,
  type OrderHistoryEntry,
  type OrderStatus,
} from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { HttpError } from '../errors';
import { auditEvents, orderCounts, orderEvents, orders, users } from '../db/schema';
import { cursorColumns, enumFilter, listInBatches, oneOf, pageOf, type ListQuery, type ListSpec } from '../list-query';
import { WHOLE_LIST_BATCH_ROWS, type WholeList } from '../routes/list-reply';
import { EXPORT_BATCH_ROWS, type CsvColumn, type CsvExport } from './csv-export';
import { audit, auditRecording, type AuditWho } from './audit';
import { customerMatches } from './users';
import { orderStockMove, stockShortage } from './stock';

export const orderListSpec: ListSpec<typeof ordersContract.list> = {
  list: 'orders',
  sortColumns: { createdAt: orders.createdAt, totalPrice: orders.totalPrice, status: orders.status },
  filters: {
    status: enumFilter(orders.status, ORDER_STATES),
    paymentStatus: enumFilter(orders.paymentStatus, PAYMENT_STATUSES),
    // A customer's orders (their page): the user index gives them newest first.
    user: { value: idSchema, condition: (values) => oneOf(orders.userId, values) },
  },
  search: orderSearch,
  defaultSort: { field: 'createdAt', order: 'desc' },
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

/**
 * An order's lines as one JSON array, built by the database beside the order: an order's details, or
 * the whole list, is one round trip, not one for the orders and another for their lines.
 */
const orderLines = sql<Order['orderItems']>`(
  select coalesce(json_agg(json_build_object(
    '_id', i.id,
    'product', case when p.id is null then null else json_build_object('_id', p.id, 'name', p.name, 'image', p.image) end,
    'name', i.name, 'image', i.image, 'color', i.color, 'size', i.size, 'qty', i.qty, 'price', i.price, 'mrp', i.mrp,
    'sku', i.sku
  ) order by i.position), '[]'::json)
  from order_items i left join products p on p.id = i.product_id
  where i.order_id = "orders"."id")`;

const orderColumns = {
  order: orders,
  user: { id: users.id, fullname: users.fullname, email: users.email, phone: users.phone },
};
const orderWithLines = { ...orderColumns, lines: orderLines };

/** An order as a list page answers it: everything but the lines, which the details call and the whole list carry. */
export type OrderListItem = Omit<Order, 'orderItems'> & { orderItems?: Order['orderItems'] };

/**
 * The page's ids come first, off the index of the sort (a deep page walks index entries only); only its
 * rows are then joined to their customers, in the same statement, and the total is asked at the same
 * time. A page (the grid's call) leaves the lines out: the grid shows none and the details dialog reads
 * the order by id.
 */
export async function listOrders(db: Db, list: ListQuery): Promise<{ orders: OrderListItem[]; total: number }> {
  const page = pageOf(db.select({ id: orders.id }).from(orders), list);
  const [rows, total] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.id, page))
      .orderBy(...list.orderBy),
    list.withTotal ? countOrders(db, list) : undefined,
  ]);
  return { orders: rows.map(toOrder), total: total ?? rows.length };
}

/** The contract's whole list (no page): every order the parameters select, with its lines, a batch at a time. */
export function wholeOrderList(db: Db, list: ListQuery): WholeList<OrderListItem> {
  const select = () =>
    db
      .select({ ...orderWithLines, cursor: cursorColumns(list) })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId));
  return {
    before: { success: true },
    key: 'orders',
    total: () => countOrders(db, list),
    batches: () => listInBatches(list, select, WHOLE_LIST_BATCH_ROWS, toOrder),
  };
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
    .where(
      and(
        status && oneOf(orderCounts.status, status),
        paymentStatus && oneOf(orderCounts.paymentStatus, paymentStatus),
      ),
    );
  return row?.total ?? 0;
}

/** What an order's line of the export needs: the grid's columns and nothing more. */
type OrderExportRow = Pick<Order, 'status' | 'totalPrice'> & {
  id: string;
  /** The parts of the shipping address the grid shows (not the whole JSON, read a million times). */
  shippingAddress: Pick<Order['shippingAddress'], 'city' | 'address' | 'name'>;
  paymentStatus: PaymentStatus;
  createdAt: Date;
  customer: { fullname: string; email: string } | undefined;
};

/** The orders grid's columns, as a spreadsheet reads them (the full id too, which the grid shortens). */
const orderCsvColumns: CsvColumn<OrderExportRow>[] = [
  { header: 'Order ID', value: (order) => order.id },
  { header: 'Order', value: (order) => `#${shortOrderId(order.id)}` },
  { header: 'Ship to', value: orderPlace },
  { header: 'Customer', value: (order) => order.customer?.fullname ?? order.shippingAddress?.name },
  { header: 'Email', value: (order) => order.customer?.email },
  { header: 'Status', value: (order) => ORDER_STATUS_LABELS[order.status] },
  { header: 'Payment', value: (order) => PAYMENT_STATUS_LABELS[order.paymentStatus] },
  { header: 'Total', kind: 'money', value: (order) => order.totalPrice },
  { header: 'Date', kind: 'date', value: (order) => order.createdAt },
];

/**
 * The whole list as the grid's parameters narrow and sort it, as CSV, the total as the list counts
 * it. Each batch is two short queries rather than one join: the next orders off the sort's index
 * (only the columns the file shows), then their customers by id. On the embedded store every query
 * waits for the one before, so other requests wait behind a short query at most.
 */
export function orderExport(db: Db, list: ListQuery): CsvExport<OrderExportRow> {
  const select = () =>
    db
      .select({
        id: orders.id,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        totalPrice: orders.totalPrice,
        createdAt: orders.createdAt,
        shippingAddress: {
          city: sql<string>`${orders.shippingAddress}->>'city'`,
          address: sql<string>`${orders.shippingAddress}->>'address'`,
          name: sql<string>`${orders.shippingAddress}->>'name'`,
        },
        userId: orders.userId,
        cursor: cursorColumns(list),
      })
      .from(orders);
  const customersOf = async (ids: string[]) => {
    const rows =
      ids.length === 0
        ? []
        : await db
            .select({ id: users.id, fullname: users.fullname, email: users.email })
            .from(users)
            .where(oneOf(users.id, ids));
    return new Map(rows.map(({ id, ...customer }) => [id, customer]));
  };
  return {
    name: 'orders',
    columns: orderCsvColumns,
    total: () => countOrders(db, list),
    batches: async function* () {
      for await (const rows of listInBatches(list, select, EXPORT_BATCH_ROWS)) {
        const customers = await customersOf([...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))]);
        yield rows.map(({ userId, cursor: _cursor, ...order }) => ({
          ...order,
          customer: userId ? customers.get(userId) : undefined,
        }));
      }
    },
  };
}

/** An order with its lines and its timeline (oldest first). */
export async function getOrder(db: Db, id: string): Promise<Order | undefined> {
  const [[row], history] = await Promise.all([
    db.select(orderWithLines).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id)),
    orderHistory(db, id),
  ]);
  return row && { ...(toOrder(row) as Order), history };
}

async function orderHistory(db: Db, orderId: string): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return rows.map((event) => ({
    type: event.type,
    at: event.at.toISOString(),
    by: { _id: event.byUserId, fullname: event.byName },
    ...(event.fromStatus && { from: event.fromStatus }),
    ...(event.toStatus && { to: event.toStatus }),
    ...(event.text !== null && { text: event.text }),
  }));
}

/** Who moves an order: a staff member, with the request the audit log ties the change to. */
export type OrderAuthor = AuditWho & { actor: NonNullable<AuditWho['actor']> };
/** The timeline's author, as it is kept. */
export const author = ({ actor }: OrderAuthor) => ({ byUserId: actor._id, byName: actor.fullname });
/** An order as the audit log names it: its number. */
export const orderLabel = (id: string) => `#${shortOrderId(id)}`;

/** A draft's status is not changed: it is placed (placeDraft), or deleted. */
const draftRefusal = (id: string) => new HttpError(409, `Order #${shortOrderId(id)} is a draft: place it first`);

/**
 * Changes the status and answers the order as this change left it. The change and its timeline entry
 * are one transaction, and the row stays locked from reading the old status until the answer is read.
 * Setting the status an order already has changes nothing and records nothing; a draft is a 409.
 */
export async function updateOrderStatus(db: Db, id: string, status: OrderStatus, by: OrderAuthor) {
  return db.transaction(async (tx) => {
    const found = await moveOrder(tx, id, status, by, 'status');
    if (found === 'draft') throw draftRefusal(id);
    return found ? getOrder(tx, id) : undefined;
  });
}

/**
 * Places a draft: pending from now (its date the placement's, as the sales figures count it), its units
 * reserved through the ledger (a line without them is the 409 of a placement), a timeline entry and an
 * audit row, in one transaction. An order that is no draft is a 409; a missing one undefined.
 */
export async function placeDraft(db: Db, id: string, by: OrderAuthor): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const found = await moveOrder(tx, id, 'pending', by, 'status', 'draft');
    if (found === 'placed')
      throw new HttpError(409, `Order #${shortOrderId(id)} is not a draft: it was placed already`);
    return found ? getOrder(tx, id) : undefined;
  });
}

/**
 * The status change itself, inside the caller's transaction, in one statement (each round trip inside a
 * transaction holds the embedded store for every other request): the row locked, the status set and
 * its timeline entry written when it differs (the summaries follow by trigger). It moves a placed order,
 * or with `from` 'draft' only a draft (dating it now); an order of the other kind moves nothing and is
 * answered as what it is ('draft' or 'placed'). False when there is no such order.
 */
export async function moveOrder(
  tx: Db,
  id: string,
  status: OrderStatus,
  by: OrderAuthor,
  action: 'status' | 'bulk',
  from: 'draft' | 'placed' = 'placed',
): Promise<boolean | 'draft' | 'placed'> {
  const at = new Date();
  const { byUserId, byName } = author(by);
  // The audit log's row, written by the same statement from the change it records (services/audit.ts).
  const { actor, requestId, ip } = by;
  const drafted = from === 'draft';
  const result = await tx.execute(sql`
    with current as (select ${orders.id} as id, ${orders.status} as status from ${orders} where ${orders.id} = ${id} for update),
    moved as (
      update ${orders} set status = ${status}, updated_at = ${at}${drafted ? sql`, created_at = ${at}` : sql``} from current
      where ${orders.id} = current.id and current.status <> ${status}
        and (current.status = ${ORDER_DRAFT}) = ${drafted}
      returning current.status as previous),
    logged as (
      insert into ${orderEvents} (id, order_id, type, at, by_user_id, by_name, from_status, to_status)
      select ${newId()}, ${id}, 'status', ${at}, ${byUserId}, ${byName}, previous, ${status} from moved),
    audited as (
      insert into ${auditEvents} (id, at, actor_id, actor_name, actor_role, action, resource, record_id, label, changes, request_id, ip)
      select ${newId()}, ${at}, ${actor._id}, ${actor.fullname}, ${actor.role}, ${action}, ${ordersContract.name}, ${id},
        ${orderLabel(id)}, jsonb_build_object('status', jsonb_build_array(previous, ${status}::text)), ${requestId}, ${ip}
      from moved where ${auditRecording()}),
    -- The units the order holds move with it (services/stock.ts); a SKU without them fails the statement.
    stocked as (select ${orderStockMove(id, sql`previous`, status, by)} from moved)
    select count(*)::int as found, bool_or(current.status = ${ORDER_DRAFT}) as draft,
      (select count(*) from stocked)::int as stocked from current`);
  const [row] = (result as unknown as { rows: { found: number; draft: boolean | null }[] }).rows;
  if (!row || row.found === 0) return false;
  if (row.draft !== drafted) return row.draft ? 'draft' : 'placed';
  return true;
}

/**
 * Moves each order as updateOrderStatus does, each in a transaction of its own, one after another: an
 * order that cannot move (missing, or its transaction failed) is rolled back alone and reported, the
 * others keep their change. `unexpected` hears of failures other than a missing order.
 */
export async function updateOrderStatuses(
  db: Db,
  ids: readonly string[],
  status: OrderStatus,
  by: OrderAuthor,
  unexpected: (id: string, error: unknown) => void,
): Promise<{ updated: string[]; failed: BulkFailure[] }> {
  const updated: string[] = [];
  const failed: BulkFailure[] = [];
  for (const id of ids) {
    try {
      const found = await db.transaction((tx) => moveOrder(tx, id, status, by, 'bulk'));
      if (found === true) updated.push(id);
      else failed.push({ _id: id, message: found ? draftRefusal(id).message : 'Order not found' });
    } catch (error) {
      const shortage = stockShortage(error);
      if (!shortage) unexpected(id, error);
      failed.push({ _id: id, message: shortage?.message ?? 'The status could not be changed; try again' });
    }
  }
  return { updated, failed };
}

/** Adds a staff note to an order's timeline; undefined when there is no such order. */
export async function addOrderNote(db: Db, id: string, text: string, by: OrderAuthor) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
    if (!order) return undefined;
    const [event] = await tx
      .insert(orderEvents)
      .values({ id: newId(), orderId: id, type: 'note', ...author(by), text })
      .returning();
    await audit(tx, by, [
      {
        action: 'note',
        resource: ordersContract.name,
        recordId: id,
        label: orderLabel(id),
        changes: { note: [null, text] },
      },
    ]);
    return { type: 'note', at: event!.at.toISOString(), by: { _id: by.actor._id, fullname: by.actor.fullname }, text };
  });
}

type OrderRow = {
  order: typeof orders.$inferSelect;
  user: { id: string; fullname: string; email: string; phone: string } | null;
  lines?: Order['orderItems'];
};

function toOrder({ order, user, lines }: OrderRow): OrderListItem {
  return {
    _id: order.id,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentResult: { status: order.paymentStatus },
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    user: user && { _id: user.id, fullname: user.fullname, email: user.email, phone: user.phone },
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    ...(lines && { orderItems: lines }),
    shippingPrice: order.shippingPrice,
    taxPrice: order.taxPrice,
    totalPrice: order.totalPrice,
    ...(order.paymentMethod === 'cod'
      ? { advancePaid: order.advancePaid ?? 0, remainingCOD: order.remainingCOD ?? 0 }
      : {}),
    couponCode: order.couponCode,
    discount: order.discount,
    refunded: order.refunded,
    exchangeFor: order.exchangeFor,
  };
}
