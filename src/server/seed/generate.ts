import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DEFAULT_LOW_STOCK_AT,
  ORDER_STATUSES,
  PRODUCT_CATEGORIES,
  PRODUCT_COLLECTIONS,
  generatedSku,
  isLowStock,
  orderTotals,
  type Address,
  type CartItem,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type ProductStatus,
} from '../../domain';
import { RETURN_REASONS } from '../../domain/returns';
import { returnAmount } from '../../domain/after-sale';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { sanitizeBlogContent } from '../services/blogs';
import { bulkInsert, type BulkColumn } from './bulk';
import {
  ANIMALS,
  BANNERS,
  BLOGS,
  CITIES,
  COLOURS,
  COUPONS,
  FIRST_NAMES,
  LAST_NAMES,
  REVIEW_COMMENTS,
  STREETS,
  STYLES,
  TEE_KINDS,
  blogHtml,
} from './content';
import { gradientImage, teeImage } from './images';
import { Random } from './random';
import { serverResources } from '../resources';
import { DAY_MS } from '../config';

/** The demo catalogue's sizes: the everyday ones, fixed here so the demo store stays the same whatever sizes the builder offers. */
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;

export interface SeedOptions {
  customers: number;
  products: number;
  orders: number;
  /** Dates are spread over the `historyDays` before this. */
  now: Date;
  /** How far back orders go; the demo store's 14 months unless given. */
  historyDays?: number;
  seed: number;
  uploadsDir: string;
}

/** Every demo customer signs in with this password; the first one is DEMO_CUSTOMER_EMAIL. */
export const DEMO_CUSTOMER_EMAIL = 'customer@example.com';
export const DEMO_CUSTOMER_PASSWORD = 'customer123';

const DEMO_HISTORY_DAYS = 425;
const ORDER_BATCH = 10_000;

interface SeedProduct {
  id: string;
  name: string;
  image: string;
  variants: {
    id: string;
    color: string;
    image: string;
    sizes: { size: string; price: number; mrp: number; countInStock: number; sku: string }[];
  }[];
}

const teeFile = (hex: string) => `demo-tee-${hex.slice(1)}.png`;

// The owner's alone, as the server's own uploads are (it runs under umask 077; `npm run seed` may not).
const UPLOAD_FILE_MODE = 0o600;
const UPLOAD_DIR_MODE = 0o700;

async function writeImage(uploadsDir: string, file: string, make: () => Buffer): Promise<string> {
  const path = join(uploadsDir, file);
  if (!existsSync(path)) await writeFile(path, make(), { mode: UPLOAD_FILE_MODE });
  return `/uploads/${file}`;
}

/**
 * Fills an empty store with a deterministic demo (same seed, same store; dates relative to `now`).
 * Rows go in with bulk inserts, so a million orders take minutes.
 */
export async function seedStore(database: Database, options: SeedOptions): Promise<void> {
  const random = new Random(options.seed);
  const { now } = options;
  const history = options.historyDays ?? DEMO_HISTORY_DAYS;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

  await mkdir(options.uploadsDir, { recursive: true, mode: UPLOAD_DIR_MODE });
  // mkdir's mode does nothing to a directory already there.
  await chmod(options.uploadsDir, UPLOAD_DIR_MODE);
  for (const colour of COLOURS) await writeImage(options.uploadsDir, teeFile(colour.hex), () => teeImage(colour.hex));

  await withoutSalesUpkeep(database, async () => {
    const products = await seedProducts(database, random, options.products, history, ago);
    const customerIds = await seedCustomers(database, random, options.customers, products, history, ago);
    await seedReviews(database, random, products, customerIds, ago);
    await seedOrders(database, random, options.orders, products, customerIds, history, ago);
  });
  // The ledger's opening: what the shelves hold and what the open orders reserve (migration 0015).
  await database.query('select stock_open_balances()');
  await seedCoupons(database, random, now);
  await seedBlogs(database, random, options.uploadsDir, ago);
  await seedBanners(database, random, options.uploadsDir, ago);
  // Each declared resource's own demo rows (resource-routes.ts `demo`).
  for (const resource of serverResources) await resource.seedDemo(database.db);
  await seedReturns(database, random, now);
  // Fresh statistics and visibility map after a bulk load: PGlite runs no autovacuum, stale statistics
  // pick slow plans, and without the visibility map a deep page cannot walk an index alone.
  await database.query('vacuum analyze');
}

const SUMMARY_TABLES = ['orders', 'order_items', 'products'];

/**
 * Runs a bulk load with the triggers that keep the sales summaries and the tables' versions off (a
 * million orders would fire them millions of times), then rebuilds the summaries in one pass, even if
 * the load failed.
 */
async function withoutSalesUpkeep(database: Database, load: () => Promise<void>): Promise<void> {
  for (const table of SUMMARY_TABLES) await database.query(`alter table ${table} disable trigger user`);
  try {
    await load();
  } finally {
    for (const table of SUMMARY_TABLES) await database.query(`alter table ${table} enable trigger user`);
    await database.query('select sales_summary_rebuild()');
    // The version triggers were off too: a running server's read cache must not keep what it read before.
    await database.query('update data_versions set version = version + 1');
  }
}

async function seedProducts(
  database: Database,
  random: Random,
  count: number,
  history: number,
  ago: (days: number) => Date,
): Promise<SeedProduct[]> {
  const products: SeedProduct[] = [];
  const productRows: unknown[][] = [];
  const variantRows: unknown[][] = [];
  const sizeRows: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const animal = ANIMALS[i % ANIMALS.length]!;
    const name = `${animal} ${STYLES[Math.floor(i / ANIMALS.length) % STYLES.length]} ${random.pick(TEE_KINDS)}${i >= ANIMALS.length * STYLES.length ? ` #${i}` : ''}`;
    // Every tenth product is sold out, every fourth runs low on some size: the count cards have something to show.
    const stockLevel = i % 10 === 3 ? 'out' : i % 4 === 1 ? 'low' : 'plenty';
    const status: ProductStatus = i % 9 === 5 ? 'inactive' : i % 11 === 7 ? 'coming_soon' : 'active';
    const basePrice = random.int(10, 26) * 50 - 1;
    const colours = random.sample(COLOURS, random.int(1, 4));
    const product: SeedProduct = { id: random.id(), name, image: '', variants: [] };
    colours.forEach((colour, position) => {
      const variant = {
        id: random.id(),
        color: colour.name,
        image: `/uploads/${teeFile(colour.hex)}`,
        sizes: [] as SeedProduct['variants'][number]['sizes'],
      };
      SIZES.forEach((size, sizePosition) => {
        const price = basePrice + (size === 'XXL' ? 100 : size === 'XL' ? 50 : 0);
        const countInStock =
          stockLevel === 'out'
            ? 0
            : stockLevel === 'low' && random.chance(0.5)
              ? random.int(0, 45)
              : random.int(50, 240);
        const entry = {
          size,
          price,
          mrp: Math.round((price * (1.3 + random.next() * 0.3)) / 10) * 10 - 1,
          countInStock,
          // Names repeat past the animals × styles (a '#n' keeps them apart), so their codes do not.
          sku: generatedSku(name, colour.name, size),
        };
        variant.sizes.push(entry);
        sizeRows.push([variant.id, sizePosition, size, entry.price, entry.mrp, countInStock, entry.sku]);
      });
      product.variants.push(variant);
      variantRows.push([variant.id, product.id, position, colour.name, variant.image, position === 0]);
    });
    product.image = product.variants[0]!.image;
    // Uneven on purpose, as in a real catalogue: a third oversized, three fifths for men, every seventh
    // product in its fit only, so the category pie has something to tell.
    const fit = PRODUCT_CATEGORIES[i % 3 === 0 ? 0 : 1]!;
    const audience = PRODUCT_CATEGORIES[i % 5 < 3 ? 2 : 3]!;
    const categories = i % 7 === 6 ? [fit] : [fit, audience];
    const collection =
      PRODUCT_COLLECTIONS[
        animal.match(/Beagle|Tabby|Husky/) ? 2 : animal.match(/Owl|Parrot|Kingfisher|Peacock|Sparrow/) ? 1 : 0
      ]!;
    const stock = product.variants.reduce((sum, v) => sum + v.sizes.reduce((s, e) => s + e.countInStock, 0), 0);
    const created = ago(random.int(30, history + 20));
    productRows.push([
      product.id,
      name,
      `A soft cotton ${name.toLowerCase()} with a ${animal.toLowerCase()} print.`,
      status,
      categories,
      [collection],
      product.image,
      product.variants.slice(1).map((v) => v.image),
      `Drawn by our in-house artists, the ${animal.toLowerCase()} is printed by hand.`,
      '100% combed cotton, 180 GSM, pre-shrunk.',
      'Ships in 2-3 working days. Free shipping over ₹999.',
      i % 6 === 0,
      stock,
      isLowStock(product.variants),
      created,
      created,
    ]);
    products.push(product);
  }
  await bulkInsert(
    database,
    'products',
    cols(
      'id name description status categories:text[] collections:text[] image sub_images:text[] story details shipping_info is_trending:bool total_stock:int low_stock:bool created_at:timestamptz updated_at:timestamptz',
    ),
    productRows,
  );
  await bulkInsert(
    database,
    'product_variants',
    cols('id product_id position:int color image is_main:bool'),
    variantRows,
  );
  await bulkInsert(
    database,
    'variant_sizes',
    cols('variant_id position:int size price:numeric mrp:numeric count_in_stock:int sku'),
    sizeRows,
  );
  return products;
}

async function seedCustomers(
  database: Database,
  random: Random,
  count: number,
  products: SeedProduct[],
  history: number,
  ago: (days: number) => Date,
): Promise<string[]> {
  const passwordHash = await hashPassword(DEMO_CUSTOMER_PASSWORD);
  const ids: string[] = [];
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]!;
    const handle = `${first}.${last}${i >= FIRST_NAMES.length ? i : ''}`.toLowerCase();
    const email = i === 0 ? DEMO_CUSTOMER_EMAIL : `${handle}@example.com`;
    const cart: CartItem[] = Array.from({ length: products.length ? random.int(1, 3) : 0 }, () => {
      const product = random.pick(products);
      const variant = random.pick(product.variants);
      return {
        productId: product.id,
        name: product.name,
        size: random.pick(SIZES),
        color: variant.color,
        quantity: random.int(1, 3),
      };
    });
    const created = ago(random.int(0, history + 30));
    const id = random.id();
    ids.push(id);
    rows.push([
      id,
      `${first} ${last}`,
      handle,
      email,
      `+91 9${String(random.int(100000000, 999999999))}`,
      'customer',
      '',
      passwordHash,
      i % 5 === 4 ? [] : cart,
      created,
      created,
    ]);
  }
  await bulkInsert(
    database,
    'users',
    cols(
      'id fullname name email phone role avatar password_hash cart_data:jsonb created_at:timestamptz updated_at:timestamptz',
    ),
    rows,
  );
  return ids;
}

async function seedReviews(
  database: Database,
  random: Random,
  products: SeedProduct[],
  customerIds: string[],
  ago: (days: number) => Date,
): Promise<void> {
  if (customerIds.length === 0) return;
  const rows: unknown[][] = [];
  const ratings: unknown[][] = [];
  for (const product of products) {
    const count = random.int(0, 5);
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const rating = random.pick([3, 4, 4, 5, 5, 2]);
      sum += rating;
      const created = ago(random.int(1, 300));
      rows.push([
        random.id(),
        product.id,
        random.pick(customerIds),
        rating,
        random.pick(REVIEW_COMMENTS),
        created,
        created,
      ]);
    }
    if (count > 0) ratings.push([product.id, Math.round((sum / count) * 10) / 10, count]);
  }
  await bulkInsert(
    database,
    'reviews',
    cols('id product_id user_id rating:int comment created_at:timestamptz updated_at:timestamptz'),
    rows,
  );
  for (let start = 0; start < ratings.length; start += 5000) {
    const batch = ratings.slice(start, start + 5000);
    await database.query(
      `update products p set rating = r.rating, num_reviews = r.num from unnest($1::text[], $2::float8[], $3::int[]) as r(id, rating, num) where p.id = r.id`,
      [batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2])],
    );
  }
}

/** The first orders walk through every status × payment method, so each combination is there. */
function orderState(
  random: Random,
  index: number,
  ageDays: number,
): { status: OrderStatus; method: PaymentMethod; payment: PaymentStatus } {
  const combos = ORDER_STATUSES.length * 2;
  if (index < combos) {
    const status = ORDER_STATUSES[index % ORDER_STATUSES.length]!;
    const method: PaymentMethod = index < ORDER_STATUSES.length ? 'cod' : 'online';
    return { status, method, payment: paymentFor(status, method, index) };
  }
  const status: OrderStatus =
    ageDays < 3
      ? random.pick(['pending', 'processing'] as const)
      : ageDays < 10
        ? random.pick(['processing', 'shipped', 'shipped'] as const)
        : random.chance(0.08)
          ? 'cancelled'
          : ageDays < 20 && random.chance(0.4)
            ? 'shipped'
            : 'delivered';
  const method: PaymentMethod = random.chance(0.4) ? 'cod' : 'online';
  return { status, method, payment: paymentFor(status, method, random.int(0, 9)) };
}

function paymentFor(status: OrderStatus, method: PaymentMethod, dice: number): PaymentStatus {
  if (status === 'cancelled') return method === 'online' ? 'refunded' : 'pending';
  if (method === 'cod') return status === 'delivered' ? 'paid' : 'pending';
  return dice === 0 ? 'pending' : 'paid';
}

function address(random: Random, name: string, phone: string): Address {
  const [city, state, pincode] = random.pick(CITIES);
  return {
    name,
    address: `${random.int(1, 250)}, ${random.pick(STREETS)}`,
    city,
    state,
    pincode,
    country: 'India',
    phone,
  };
}

async function seedOrders(
  database: Database,
  random: Random,
  count: number,
  products: SeedProduct[],
  customerIds: string[],
  history: number,
  ago: (days: number) => Date,
): Promise<void> {
  if (products.length === 0 || customerIds.length === 0) return;
  const rows = await database.query<{ id: string; fullname: string; phone: string }>(
    'select id, fullname, phone from users where id = any($1::text[])',
    [customerIds],
  );
  // In the order they were made, not the database's: the same seed picks the same customers on any driver.
  const byId = new Map(rows.map((row) => [row.id, row]));
  const customers = customerIds.map((id) => byId.get(id)!);
  const orderColumns = cols(
    'id user_id status payment_method payment_status shipping_address:jsonb billing_address:jsonb shipping_price:numeric tax_price:numeric total_price:numeric advance_paid:numeric remaining_cod:numeric created_at:timestamptz updated_at:timestamptz',
  );
  const itemColumns = cols(
    'order_id position:int product_id name image color size qty:int price:numeric mrp:numeric sku',
  );
  for (let start = 0; start < count; start += ORDER_BATCH) {
    const orderRows: unknown[][] = [];
    const itemRows: unknown[][] = [];
    for (let index = start; index < Math.min(count, start + ORDER_BATCH); index++) {
      // Recent months hold more orders than old ones: the store grows.
      const ageDays = history * (1 - Math.sqrt(random.next()));
      const created = ago(ageDays);
      const { status, method, payment } = orderState(random, index, ageDays);
      const customer = random.pick(customers);
      const id = random.id();
      let subtotal = 0;
      const lines = random.int(1, 4);
      for (let position = 0; position < lines; position++) {
        const product = random.pick(products);
        const variant = random.pick(product.variants);
        const size = random.pick(variant.sizes);
        const qty = random.int(1, 3);
        subtotal += qty * size.price;
        itemRows.push([
          id,
          position,
          product.id,
          product.name,
          variant.image,
          variant.color,
          size.size,
          qty,
          size.price,
          size.mrp,
          size.sku,
        ]);
      }
      // The store's rule for shipping and tax, as an order placed today gets it.
      const { shippingPrice: shipping, taxPrice: tax, totalPrice: total } = orderTotals([{ qty: 1, price: subtotal }]);
      const advance = method === 'cod' ? Math.min(total, 100) : null;
      const shipTo = address(random, customer.fullname, customer.phone);
      const updated = ago(Math.max(0, ageDays - random.int(0, 5)));
      orderRows.push([
        id,
        customer.id,
        status,
        method,
        payment,
        shipTo,
        random.chance(0.8) ? shipTo : address(random, customer.fullname, customer.phone),
        shipping,
        tax,
        total,
        advance,
        advance === null ? null : Math.round((total - advance) * 100) / 100,
        created,
        updated,
      ]);
    }
    await bulkInsert(database, 'orders', orderColumns, orderRows);
    await bulkInsert(database, 'order_items', itemColumns, itemRows, 15_000);
  }
}

/** Of the delivered orders, the share whose first line comes back. */
const RETURN_SHARE = 0.04;

/**
 * Returns of some delivered orders' first unit, at every step of their life: asked for, received (the
 * unit restocked through the ledger), refunded and closed, or rejected. Written with the summary
 * triggers on (they take the refunds off their days), last, so the rest of the store draws as before.
 */
async function seedReturns(database: Database, random: Random, now: Date): Promise<void> {
  const delivered = await database.query<{
    id: string;
    updated_at: Date;
    discount: string;
    items_price: string;
    line_id: string;
    sku: string | null;
    name: string;
    color: string;
    size: string;
    price: string;
  }>(
    `select o.id, o.updated_at, o.discount, (select sum(qty * price) from order_items where order_id = o.id) as items_price,
       i.id as line_id, i.sku, i.name, i.color, i.size, i.price
     from orders o join order_items i on i.order_id = o.id and i.position = 0
     where o.status = 'delivered' and o.payment_status = 'paid' order by o.id`,
  );
  const returnRows: unknown[][] = [];
  const itemRows: unknown[][] = [];
  const refundRows: unknown[][] = [];
  const restocks: { sku: string; order: string }[] = [];
  for (const order of delivered) {
    if (!random.chance(RETURN_SHARE)) continue;
    const id = random.id();
    const created = new Date(Math.min(now.getTime(), order.updated_at.getTime() + random.int(1, 10) * DAY_MS));
    const status = random.pick(['requested', 'received', 'closed', 'closed', 'rejected'] as const);
    const resolution = random.chance(0.8) ? 'refund' : 'store_credit';
    const amount = returnAmount(Number(order.price), 1, {
      discount: Number(order.discount),
      itemsPrice: Number(order.items_price),
    });
    const refunded = status === 'closed' && resolution === 'refund' ? amount : 0;
    returnRows.push([
      id,
      order.id,
      status,
      '',
      status === 'rejected' ? 'Worn and washed' : null,
      amount,
      refunded,
      created,
      created,
    ]);
    const kept = status === 'received' || status === 'closed';
    itemRows.push([
      id,
      0,
      order.line_id,
      order.sku,
      order.name,
      order.color,
      order.size,
      1,
      random.pick(RETURN_REASONS),
      resolution,
      amount,
      kept ? 'restock' : null,
    ]);
    if (kept && order.sku) restocks.push({ sku: order.sku, order: order.id });
    if (refunded > 0) refundRows.push([random.id(), order.id, id, 'refund', refunded, created, 'System']);
  }
  await bulkInsert(
    database,
    'returns',
    cols(
      'id order_id status note reject_reason refund_due:numeric refunded:numeric created_at:timestamptz updated_at:timestamptz',
    ),
    returnRows,
  );
  await bulkInsert(
    database,
    'return_items',
    cols('return_id position:int line_id sku name color size qty:int reason resolution amount:numeric disposition'),
    itemRows,
  );
  await bulkInsert(
    database,
    'refunds',
    cols('id order_id return_id kind amount:numeric at:timestamptz by_name'),
    refundRows,
  );
  await database.query(
    `update orders o set refunded = r.amount from (select order_id, sum(amount) as amount from refunds group by 1) r
     where r.order_id = o.id`,
  );
  // Every restock in one statement: a round trip each is thousands of them at a million orders.
  await database.query(
    `select stock_move(r.sku, 1, 0, 'return_restocked', r.order_id, null, null, 'System', ${DEFAULT_LOW_STOCK_AT})
     from unnest($1::text[], $2::text[]) as r(sku, order_id)`,
    [restocks.map((restock) => restock.sku), restocks.map((restock) => restock.order)],
  );
}

async function seedCoupons(database: Database, random: Random, now: Date): Promise<void> {
  const rows = COUPONS.map((c, i) => {
    const created = new Date(now.getTime() - (200 - i * 10) * DAY_MS);
    return [
      random.id(),
      c.code,
      c.discountType,
      c.discountValue,
      c.minOrderAmount,
      c.maxDiscount,
      'categories' in c ? c.categories : [],
      'collections' in c ? c.collections : [],
      new Date(now.getTime() + c.days * DAY_MS),
      c.isActive,
      created,
      created,
    ];
  });
  await bulkInsert(
    database,
    'coupons',
    cols(
      'id code discount_type discount_value:numeric min_order_amount:numeric max_discount:numeric applicable_categories:text[] applicable_collections:text[] expires_at:timestamptz is_active:bool created_at:timestamptz updated_at:timestamptz',
    ),
    rows,
  );
}

/** Writes a kind of the demo store's content, its pictures among the uploads. */
type ContentSeeder = (
  database: Database,
  random: Random,
  uploadsDir: string,
  ago: (days: number) => Date,
) => Promise<void>;

const seedBlogs: ContentSeeder = async (database, random, uploadsDir, ago) => {
  const rows: unknown[][] = [];
  for (const [i, blog] of BLOGS.entries()) {
    const [from, to] = blog.colours;
    const featured = await writeImage(uploadsDir, `demo-blog-${i + 1}.png`, () => gradientImage(from, to, 800, 450));
    const sub = await writeImage(uploadsDir, `demo-blog-${i + 1}-detail.png`, () => gradientImage(to, from, 400, 300));
    const published = ago(20 + i * 45 + random.int(0, 10));
    rows.push([
      random.id(),
      blog.title,
      blog.author,
      featured,
      i % 2 === 0 ? [sub] : [],
      blog.shortDescription,
      sanitizeBlogContent(blogHtml(blog.title, blog.shortDescription)),
      blog.tags,
      blog.category,
      blog.title,
      blog.shortDescription,
      published,
      published,
      published,
    ]);
  }
  await bulkInsert(
    database,
    'blogs',
    cols(
      'id title author featured_image sub_images:text[] short_description content tags:text[] category seo_meta_title seo_meta_description published_at:timestamptz created_at:timestamptz updated_at:timestamptz',
    ),
    rows,
  );
};

const seedBanners: ContentSeeder = async (database, random, uploadsDir, ago) => {
  const rows: unknown[][] = [];
  for (const [i, banner] of BANNERS.entries()) {
    const image = await writeImage(uploadsDir, `demo-banner-${i + 1}.png`, () =>
      gradientImage(banner.colours[0], banner.colours[1], 1200, 400),
    );
    const created = ago(90 - i * 20);
    rows.push([random.id(), banner.name, banner.title, image, banner.link, created, created]);
  }
  await bulkInsert(
    database,
    'banners',
    cols('id name title image link created_at:timestamptz updated_at:timestamptz'),
    rows,
  );
};

/** 'id price:numeric tags:text[]' -> columns (text unless a type is given). */
function cols(spec: string): BulkColumn[] {
  return spec.split(/\s+/).map((part) => {
    const [name, type] = part.split(':');
    return { name: name!, type: (type ?? 'text') as BulkColumn['type'] };
  });
}
