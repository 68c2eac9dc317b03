import { eq, inArray, sql } from 'drizzle-orm';
import {
  applyCoupon,
  ORDER_DRAFT,
  customersContract,
  orderTotals,
  ordersContract,
  shortOrderId,
  type Order,
  type OrderCreateInput,
  type OrderPlaceInput,
  roundMoney,
} from '../../domain';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { coupons, orderEvents, orderItems, orders, products, users, variants, variantSizes } from '../db/schema';
import { HttpError } from '../errors';
import { audit, type AuditEntry } from './audit';
import { getOrder, type OrderAuthor } from './orders';
import { orderStockMove, skuColumns, stockShortage } from './stock';

/** An account that can never sign in: made for a customer whose order staff took (no password of theirs exists). */
const NO_PASSWORD = '!';

/** The order's customer: an existing customer by id, or by email, or a new customer account. */
async function customerFor(
  tx: Db,
  customer: OrderCreateInput['customer'],
  made: AuditEntry[],
): Promise<{ id: string; fullname: string; phone: string }> {
  if (typeof customer === 'string') {
    const [found] = await tx
      .select({ id: users.id, fullname: users.fullname, phone: users.phone, role: users.role })
      .from(users)
      .where(eq(users.id, customer));
    if (!found || found.role !== 'customer') throw new HttpError(400, 'customer: there is no customer with this id');
    return found;
  }
  const [found] = await tx
    .select({ id: users.id, fullname: users.fullname, phone: users.phone, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${customer.email})`);
  if (found && found.role !== 'customer')
    throw new HttpError(400, 'customer.email: this email belongs to a staff account');
  if (found) return found;
  const id = newId();
  const fields = { fullname: customer.fullname, email: customer.email, phone: customer.phone };
  await tx.insert(users).values({ id, ...fields, role: 'customer', passwordHash: NO_PASSWORD });
  made.push({
    action: 'create',
    resource: customersContract.name,
    recordId: id,
    label: customer.fullname,
    changes: Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, [null, value]])),
  });
  return { id, ...fields };
}

/**
 * Each line priced from the catalogue (a client's price is never read), with the SKU it takes units from;
 * a 400 names the line as `path` does (an order's lines, or a return's exchanges).
 */
export async function priceLines(
  tx: Db,
  lines: OrderCreateInput['orderItems'],
  path = (index: number) => `orderItems.${index}`,
) {
  const ids = [...new Set(lines.map((line) => line.product))];
  const rows = await tx
    .select({
      ...skuColumns,
      name: products.name,
      status: products.status,
      categories: products.categories,
      collections: products.collections,
      image: variants.image,
      productImage: products.image,
    })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .innerJoin(variantSizes, eq(variantSizes.variantId, variants.id))
    .where(inArray(products.id, ids));
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return lines.map((line, index) => {
    const where = path(index);
    const product = rows.find((row) => row.productId === line.product);
    if (!product) throw new HttpError(400, `${where}.product: there is no such product`);
    if (product.status !== 'active') throw new HttpError(400, `${where}.product: ${product.name} is not on sale`);
    const kind = rows.find((row) => row.productId === line.product && same(row.color, line.color));
    if (!kind) throw new HttpError(400, `${where}.color: ${product.name} has no ${line.color}`);
    const size = rows.find(
      (row) => row.productId === line.product && same(row.color, line.color) && same(row.size, line.size),
    );
    if (!size) throw new HttpError(400, `${where}.size: ${product.name} / ${kind.color} has no size ${line.size}`);
    return { ...size, image: size.image || size.productImage, qty: line.qty };
  });
}

export type PricedLine = Awaited<ReturnType<typeof priceLines>>[number];

/**
 * What a coupon takes off these lines by the store's rules, or why it takes nothing. Store credit is a
 * coupon of one customer's, used once: by another customer, or on a second order (`order` is the order
 * being edited, which may keep it), it is refused.
 */
export async function couponEffect(
  tx: Db,
  code: string,
  lines: PricedLine[],
  now: Date,
  customerId: string | null,
  order?: string,
): Promise<{ discount: number } | { refused: string }> {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`);
  if (!coupon) return { refused: `there is no coupon ${code}` };
  if (coupon.customerId && coupon.customerId !== customerId)
    return { refused: `coupon ${coupon.code} is store credit of another customer` };
  if (coupon.singleUse) {
    const [used] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        sql`upper(${orders.couponCode}) = upper(${code}) and ${orders.status} <> 'cancelled'${order ? sql` and ${orders.id} <> ${order}` : sql``}`,
      )
      .limit(1);
    if (used) return { refused: `coupon ${coupon.code} has been used already` };
  }
  return applyCoupon(
    coupon,
    lines.map((line) => ({
      amount: line.qty * line.price,
      categories: line.categories,
      collections: line.collections,
    })),
    now,
  );
}

/** What the coupon takes off, by the store's rules; a refused coupon is a 400 naming the rule. */
async function discountOf(
  tx: Db,
  code: string | undefined,
  lines: PricedLine[],
  now: Date,
  customerId: string,
): Promise<number> {
  if (!code) return 0;
  const applied = await couponEffect(tx, code, lines, now, customerId);
  if ('refused' in applied) throw new HttpError(400, `couponCode: ${applied.refused}`);
  return applied.discount;
}

/** Priced lines as an order's rows, in their order; `ids` keeps a line's id (an edit's kept lines). */
export const lineRows = (orderId: string, lines: PricedLine[], ids: (string | undefined)[] = []) =>
  lines.map(({ productId, name, image, color, size, qty, price, mrp, sku }, position) => ({
    ...(ids[position] && { id: ids[position] }),
    orderId,
    position,
    productId,
    name,
    image,
    color,
    size,
    qty,
    price,
    mrp,
    sku,
  }));

/**
 * The new order's units reserved through the ledger. A SKU short of them is the 409 of any write
 * (`{message, sku, available}`), here with the line that asked as `field` ('orderItems.2.qty'), which
 * the New Order form marks.
 */
export async function reserve(
  tx: Db,
  id: string,
  lines: PricedLine[],
  by: OrderAuthor,
  path = (index: number) => `orderItems.${index}.qty`,
): Promise<void> {
  await shortageNamed(tx.execute(sql`select ${orderStockMove(id, null, 'pending', by)}`), (sku) =>
    path(lines.findIndex((priced) => priced.sku === sku)),
  );
}

/** A write that may find a SKU short, its 409 naming the field that asked for the units (`field` of the SKU). */
export async function shortageNamed<T>(write: Promise<T>, field: (sku: string) => string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const shortage = stockShortage(error);
    if (!shortage) throw error;
    throw new HttpError(409, shortage.message, { ...shortage, field: field(shortage.sku) });
  }
}

/**
 * Places an order staff took (POST /api/order/create) in one transaction: the customer (found or made),
 * the lines priced from the catalogue, the coupon by the store's rules, the totals, and every line's
 * units reserved (a draft reserves nothing). A line without the units, or any refusal, writes nothing.
 */
export async function createOrder(
  db: Db,
  input: OrderCreateInput,
  by: OrderAuthor,
  { emptiesCart = false } = {},
): Promise<Order> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const made: AuditEntry[] = [];
    const customer = await customerFor(tx, input.customer, made);
    const lines = await priceLines(tx, input.orderItems);
    const discount = await discountOf(tx, input.couponCode, lines, now, customer.id);
    const totals = orderTotals(lines, discount, input.shippingPrice);
    const cod = input.paymentMethod === 'cod';
    const advancePaid = cod ? (input.advancePaid ?? 0) : null;
    if (!cod && input.advancePaid !== undefined)
      throw new HttpError(400, 'advancePaid: only a cash-on-delivery order takes an advance');
    if (advancePaid !== null && advancePaid > totals.totalPrice)
      throw new HttpError(400, `advancePaid: must be at most the order's total (${totals.totalPrice})`);
    const id = newId();
    await tx.insert(orders).values({
      id,
      userId: customer.id,
      status: input.draft ? ORDER_DRAFT : 'pending',
      paymentMethod: input.paymentMethod,
      paymentStatus: input.paymentStatus,
      shippingAddress: { ...input.shippingAddress },
      billingAddress: { ...(input.billingAddress ?? input.shippingAddress) },
      shippingPrice: totals.shippingPrice,
      taxPrice: totals.taxPrice,
      totalPrice: totals.totalPrice,
      advancePaid,
      remainingCOD: advancePaid === null ? null : roundMoney(totals.totalPrice - advancePaid),
      couponCode: discount > 0 ? input.couponCode!.toUpperCase() : null,
      discount,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(orderItems).values(lineRows(id, lines));
    if (!input.draft) await reserve(tx, id, lines, by);
    if (emptiesCart) await tx.update(users).set({ cartData: [] }).where(eq(users.id, customer.id));
    if (input.note)
      await tx.insert(orderEvents).values({
        id: newId(),
        orderId: id,
        type: 'note',
        at: now,
        byUserId: by.actor._id,
        byName: by.actor.fullname,
        text: input.note,
      });
    const order = (await getOrder(tx, id))!;
    await audit(tx, by, [
      ...made,
      {
        action: 'create',
        resource: ordersContract.name,
        recordId: id,
        label: `#${shortOrderId(id)}`,
        changes: {
          customer: [null, customer.fullname],
          orderItems: [null, lines.map((line) => `${line.qty} × ${line.sku}`)],
          totalPrice: [null, totals.totalPrice],
          ...(discount > 0 && { couponCode: [null, order.couponCode] }),
        },
      },
    ]);
    return order;
  });
}

/**
 * A signed-in customer's own order (POST /api/order/place): the given lines, or else their cart, which
 * the order then empties. Everything else as createOrder, payment pending.
 */
export async function placeCustomerOrder(db: Db, input: OrderPlaceInput, by: OrderAuthor): Promise<Order> {
  const customerId = by.actor._id;
  let orderItems = input.orderItems;
  if (!orderItems) {
    const [user] = await db.select({ cart: users.cartData }).from(users).where(eq(users.id, customerId));
    orderItems = (user?.cart ?? []).flatMap((item) =>
      item.productId ? [{ product: item.productId, color: item.color, size: item.size, qty: item.quantity }] : [],
    );
    if (orderItems.length === 0) throw new HttpError(400, 'orderItems: the cart is empty; give the lines to order');
  }
  return createOrder(db, { ...input, orderItems, customer: customerId, paymentStatus: 'pending' }, by, {
    emptiesCart: !input.orderItems,
  });
}
