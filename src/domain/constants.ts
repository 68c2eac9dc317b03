/** Store-wide constants (statuses, categories, thresholds, sizes, defaults...). Both the console and the server read them from here. */

export const PRODUCT_STATUSES = ['active', 'inactive', 'coming_soon'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  coming_soon: 'Coming Soon',
};

/** The store's real categories (the add/edit form's fixed list); also the catalogue filter. */
export const PRODUCT_CATEGORIES = ['Oversized', 'Regular fit', 'Men T-Shirts', 'Women T-Shirts'] as const;
export const PRODUCT_COLLECTIONS = [
  'Wild life collection',
  'Brid lover collection',
  'Dog & cat lover collection',
] as const;

/** The statuses a placed order moves between (a status change sets one of these). */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** An order staff saved unfinished: it holds no stock and counts in no figure until it is placed (pending). */
export const ORDER_DRAFT = 'draft';
/** What an order's status may be: a draft, or one of ORDER_STATUSES once placed. */
export const ORDER_STATES = [ORDER_DRAFT, ...ORDER_STATUSES] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const PAYMENT_STATUSES = ['paid', 'pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** 'cod' is cash on delivery (with advancePaid / remainingCOD); anything else is paid online. */
export const PAYMENT_METHODS = ['cod', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DISCOUNT_TYPES = ['percentage', 'flat'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Staff roles first (see access.ts for what each may do); a customer shops and never uses the console. */
export const STAFF_ROLES = ['admin', 'manager', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const USER_ROLES = [...STAFF_ROLES, 'customer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The sizes the builder offers, in size order: details and grid list a variant's sizes in this order. */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', 'Free Size'] as const;

/** Size order: the known sizes as SIZES lists them, any other size after them, alphabetically. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string) => {
    const at = SIZES.findIndex((known) => known.toLowerCase() === size.trim().toLowerCase());
    return at === -1 ? SIZES.length : at;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** Where the stock calls are (GET /api/stock, /movements, /alerts); here, with no zod, for the dashboard's alert count. */
export const STOCK_BASE = '/api/stock';

/** A product is "low stock" when some size has stock above 0 and below this. */
export const LOW_STOCK_LIMIT = 50;
/** Stock shown in warning colour below this (and in error colour at 0). */
export const STOCK_WARNING_LIMIT = 20;

/** The shop's name as it goes on paper (a packing slip). */
export const STORE_NAME = 'Apparel Store';

export const SHORT_ORDER_ID_LENGTH = 6;
export const MAX_BLOG_SUB_IMAGES = 2;
export const BLOG_EDIT_REDIRECT_MS = 1200;

export const SIDEBAR_WIDTH_COLLAPSED = 64;
export const SIDEBAR_WIDTH_EXPANDED = 256;

export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'user',
  theme: 'vite-ui-theme',
} as const;

export type ThemeMode = 'light' | 'dark' | 'system';

export const QUERY_DEFAULTS = {
  retries: 3,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
  cacheTimeMs: 5 * 60 * 1000,
} as const;

export const NOTIFICATION_DEFAULTS = {
  maxVisible: 3,
  successMs: 2000,
  otherMs: 4000,
} as const;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** A labelled list's values, in the order its labels are written (for labels that are not the values' words). */
export const valuesOf = <K extends string>(labels: Readonly<Record<K, string>>) => Object.keys(labels) as [K, ...K[]];
