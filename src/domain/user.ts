import { z } from 'zod';
import type { UserRole } from './constants';
import { defineContract } from './contract';
import { AUTH_BASE, ROLE_LABELS } from './roles';

export interface CartItem {
  productId?: string;
  name?: string;
  size: string;
  color: string;
  quantity: number;
}

/** The user as the API returns it: never a password hash. */
export interface SessionUser {
  _id: string;
  fullname: string;
  name: string;
  email: string;
  phone: string;
  role: UserRole;
  avatar: string;
  cartData: CartItem[];
  createdAt: string;
}

/** A customer's figures on their page: every order counted, spend by the dashboard's revenue rule (countsAsSale). */
export interface CustomerStats {
  orders: number;
  spent: number;
  firstOrderAt: string | null;
  lastOrderAt: string | null;
}

export const loginSchema = z.object({
  email: z.email('email must be a valid email address').max(254),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface LoginResponse {
  token: string;
  user: SessionUser;
}

/** '{size} / {colour} – {qty} pcs' per item, or 'No items'. */
export function formatCartItem(item: CartItem): string {
  return `${item.size} / ${item.color} – ${item.quantity} pcs`;
}

export function formatCart(items: readonly CartItem[] | null | undefined): string {
  if (!items || items.length === 0) return 'No items';
  return items.map(formatCartItem).join(', ');
}

/** Customers: read only (support sees only them; an admin sees every account). */
export const customersContract = defineContract<SessionUser>()({
  name: 'users',
  noun: 'User',
  base: AUTH_BASE,
  api: { list: '/users', get: '/users/:id' },
  keys: { list: 'users', record: 'user' },
  // A customer's page shows their figures.
  extras: { get: ['stats'] },
  list: {
    sort: ['createdAt', 'fullname', 'email'],
    filter: ['role'],
    search: ['fullname', 'email'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  // The grid's columns as a spreadsheet reads them: the cart as the grid words it.
  export: {
    file: 'customers',
    columns: [
      { header: 'Customer ID', field: '_id' },
      { header: 'Name', value: (user) => user.fullname || user.name },
      { header: 'Email', field: 'email' },
      { header: 'Phone', field: 'phone' },
      { header: 'Role', value: (user) => ROLE_LABELS[user.role] },
      { header: 'Cart Items', value: (user) => formatCart(user.cartData) },
      { header: 'Created', kind: 'date', field: 'createdAt' },
    ],
  },
});
