/**
 * npm run simulate-orders [-- --per-minute 6 --url http://localhost:3000 --customers 8]
 *
 * A living demo store: demo customers place storefront orders through the real API (POST
 * /api/order/place, real reservations) until stopped with Ctrl-C, so someone trying the console sees
 * orders arrive and stock move. It signs in as the admin (ADMIN_EMAIL, ADMIN_PASSWORD, the demo's by
 * default) to read the catalogue and the customers, then as each customer with the demo customers'
 * password. A line short of stock is refused (409) as in the shop, and said so.
 */
import { parseArgs } from 'node:util';
import { DEMO_CUSTOMER_PASSWORD } from '../src/server/seed/generate';
import { DEFAULT_ADMIN } from '../src/server/config';
import type { Product } from '../src/domain';

const { values } = parseArgs({
  options: {
    'per-minute': { type: 'string', default: '6' },
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 3000}` },
    customers: { type: 'string', default: '8' },
  },
});
const PER_MINUTE = Number(values['per-minute']);
const BASE = values.url.replace(/\/+$/, '');
if (!(PER_MINUTE > 0 && PER_MINUTE <= 600)) throw new Error('--per-minute must be a number from 1 to 600');

async function api<T>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

async function signIn(email: string, password: string): Promise<string | undefined> {
  const { status, json } = await api<{ token?: string }>('POST', '/api/auth/login', undefined, { email, password });
  return status === 200 ? json.token : undefined;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const adminToken = await signIn(
  process.env.ADMIN_EMAIL ?? DEFAULT_ADMIN.email,
  process.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN.password,
);
if (!adminToken) throw new Error(`Could not sign in as the admin at ${BASE} (set ADMIN_EMAIL and ADMIN_PASSWORD)`);
const customers = (
  await api<{ users: { email: string; fullname: string; phone: string }[] }>(
    'GET',
    `/api/auth/users?_start=0&_end=${Number(values.customers) * 3}`,
    adminToken,
  )
).json.users;
const shoppers: { token: string; fullname: string; phone: string }[] = [];
for (const customer of customers) {
  if (shoppers.length >= Number(values.customers)) break;
  const token = await signIn(customer.email, DEMO_CUSTOMER_PASSWORD);
  if (token) shoppers.push({ token, fullname: customer.fullname, phone: customer.phone });
}
if (shoppers.length === 0) throw new Error('No demo customer could sign in: is this the demo store?');

/** The catalogue's active products, read again now and then so new stock and new products join in. */
async function catalogue(): Promise<Product[]> {
  const { json } = await api<{ products: Product[] }>(
    'GET',
    '/api/product/get-all-products?status=active&_start=0&_end=200',
    adminToken,
  );
  return json.products.filter((product) => product.variants.some((v) => v.sizes.some((s) => (s.available ?? 0) > 0)));
}

let products = await catalogue();
console.log(
  `Placing about ${PER_MINUTE} orders a minute at ${BASE} as ${shoppers.length} demo customers (Ctrl-C stops).`,
);
let placed = 0;
let stopping = false;
process.once('SIGINT', () => {
  stopping = true;
  console.log(`\nStopped after ${placed} orders.`);
  process.exit(0);
});

while (!stopping) {
  // Evenly spread on average, not on the beat: a real shop's orders come in bursts and lulls.
  await new Promise((resolve) => setTimeout(resolve, (-Math.log(1 - Math.random()) * 60_000) / PER_MINUTE));
  if (placed % 20 === 0) products = await catalogue();
  if (products.length === 0) {
    console.log('Nothing left to sell: every active product is out of stock.');
    continue;
  }
  const shopper = pick(shoppers);
  const lines = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => {
    const product = pick(products);
    const variant = pick(product.variants.filter((v) => v.sizes.some((s) => (s.available ?? 0) > 0)));
    const size = pick(variant.sizes.filter((s) => (s.available ?? 0) > 0));
    return { product: product._id, color: variant.color, size: size.size, qty: 1 + Math.floor(Math.random() * 2) };
  });
  const { status, json } = await api<{ message?: string; order?: { _id: string; totalPrice: number } }>(
    'POST',
    '/api/order/place',
    shopper.token,
    {
      shippingAddress: {
        name: shopper.fullname,
        address: '14 Park Street',
        city: 'Kolkata',
        pincode: '700016',
        phone: shopper.phone,
      },
      orderItems: lines,
      paymentMethod: Math.random() < 0.4 ? 'cod' : 'online',
    },
  );
  if (status === 201) {
    placed += 1;
    console.log(
      `${new Date().toLocaleTimeString()}  ${shopper.fullname}: order ${json.order!._id.slice(-6)}, ₹${json.order!.totalPrice}`,
    );
  } else
    console.log(`${new Date().toLocaleTimeString()}  ${shopper.fullname}: refused (${status}) ${json.message ?? ''}`);
}
