import { labelsOf } from './labels';

/**
 * The bell's feed, per signed-in staff member: GET NOTIFICATIONS_URL (`_start`/`_end`, `unread=true`)
 * answers `{ notifications, unread, total }`; POST NOTIFICATIONS_READ_URL `{ ids }` or `{ all: true }`
 * marks them read for the caller alone; NOTIFICATION_SETTINGS_URL (GET, PUT `{ kinds }`) is which
 * kinds the caller receives, among those the role may.
 */
export const NOTIFICATIONS_URL = '/api/notifications';
export const NOTIFICATIONS_READ_URL = `${NOTIFICATIONS_URL}/read`;
export const NOTIFICATION_SETTINGS_URL = `${NOTIFICATIONS_URL}/settings`;

/** What the store tells its staff of, in the Profile page's order. */
export const NOTIFICATION_KINDS = ['orders', 'returns', 'low_stock', 'imports', 'sign_ins'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS = labelsOf(NOTIFICATION_KINDS, {
  orders: 'New orders',
  returns: 'Returns requested',
  low_stock: 'Low stock',
  imports: 'Catalogue imports applied',
  sign_ins: 'Five failed sign-ins on one account',
});

/**
 * Whose news each kind is: the roles that may read this resource (by the access table), and where its
 * notification leads. Failed sign-ins are the Team's, which only admins may read.
 */
export const NOTIFICATION_SOURCES: Readonly<Record<NotificationKind, { resource: string; link: string }>> = {
  orders: { resource: 'orders', link: '/orders' },
  returns: { resource: 'returns', link: '/returns' },
  low_stock: { resource: 'stock', link: '/catalog/stock' },
  imports: { resource: 'product-imports', link: '/catalog/products' },
  sign_ins: { resource: 'staff', link: '/team' },
};

/** One line of the bell's list. */
export interface StaffNotification {
  _id: string;
  kind: NotificationKind;
  /** "5 new orders", "Low stock: Beagle Tee / Mustard / XL", "Import of prices.csv applied: 12 changes". */
  title: string;
  link: string;
  /** How many things it tells of (new orders come batched into one line while it is unread). */
  count: number;
  /** When it last grew. */
  at: string;
  read: boolean;
}

export interface NotificationPage {
  notifications: StaffNotification[];
  unread: number;
  total: number;
}

export interface NotificationSettings {
  /** The kinds the caller receives. */
  kinds: NotificationKind[];
  /** The kinds the caller's role may receive. */
  available: NotificationKind[];
}
