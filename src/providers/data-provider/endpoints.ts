import { LIST_FIELDS, type Order, type Product } from '../../domain';
import type { HttpMethod } from '../http';

/** One call of the store API: method, path template (':id' becomes the record id) and where the result sits. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  /** Key of the response body that holds the result; absent when the body itself is the result. */
  pick?: string;
  /** Other top-level keys of the response handed to the caller alongside the result (list counts, a write's message). */
  extras?: readonly string[];
}

export interface ListEndpoint extends Endpoint {
  /**
   * Sort and filter fields the server takes as optional list parameters, or false for a
   * list that takes none and always answers every row (the dashboard series): it is then never paged.
   */
  listParams: { sort: readonly string[]; filter: readonly string[] } | false;
  /** For the browser fallback: how to read a filter field that is not a plain property of the record. */
  filterValues?: Record<string, (record: never) => unknown>;
}

export interface ResourceEndpoints {
  getList?: ListEndpoint;
  getOne?: Endpoint;
  create?: Endpoint;
  update?: Endpoint;
  deleteOne?: Endpoint;
}

/**
 * THE table from Refine resource and verb to the store's irregular endpoints (the store API's contract,
 * coupon delete included). The data provider reads only this; a resource without a verb here
 * cannot do it. Adding a resource is one entry.
 */
export const ENDPOINTS: Record<string, ResourceEndpoints> = {
  products: {
    getList: {
      method: 'GET',
      path: '/api/product/get-all-products',
      pick: 'products',
      listParams: LIST_FIELDS.products,
      filterValues: { category: (product: Product) => product.categories },
      extras: ['counts'],
    },
    getOne: { method: 'GET', path: '/api/product/get-product-details/:id', pick: 'product' },
    create: { method: 'POST', path: '/api/product/add-product', pick: 'product' },
    update: { method: 'PUT', path: '/api/product/update-product/:id', pick: 'product' },
    deleteOne: { method: 'DELETE', path: '/api/product/delete-product/:id' },
  },
  orders: {
    getList: {
      method: 'GET',
      path: '/api/order/all-orders',
      pick: 'orders',
      listParams: LIST_FIELDS.orders,
      filterValues: { paymentStatus: (order: Order) => order.paymentResult?.status },
    },
    getOne: { method: 'GET', path: '/api/order/order/:id', pick: 'order' },
    // The status toast prefers the server's message.
    update: { method: 'PUT', path: '/api/order/update-status/:id', pick: 'order', extras: ['message'] },
  },
  users: {
    getList: { method: 'GET', path: '/api/auth/users', pick: 'users', listParams: LIST_FIELDS.users },
    // A customer's page shows their figures.
    getOne: { method: 'GET', path: '/api/auth/users/:id', pick: 'user', extras: ['stats'] },
  },
  coupons: {
    getList: { method: 'GET', path: '/api/coupon/allcoupons', pick: 'coupons', listParams: LIST_FIELDS.coupons },
    create: { method: 'POST', path: '/api/coupon/add', pick: 'coupon' },
    update: { method: 'PUT', path: '/api/coupon/coupon/:id', pick: 'coupon' },
    deleteOne: { method: 'DELETE', path: '/api/coupon/coupon/:id' },
  },
  blogs: {
    getList: { method: 'GET', path: '/api/blog/get-blogs', pick: 'blogs', listParams: LIST_FIELDS.blogs },
    getOne: { method: 'GET', path: '/api/blog/blog-details/:id', pick: 'blog' },
    // The add form shows the server's message; the list's delete toast shows it too.
    create: { method: 'POST', path: '/api/blog/add-blog', pick: 'blog', extras: ['message'] },
    update: { method: 'PUT', path: '/api/blog/blogs/:id', pick: 'blog' },
    deleteOne: { method: 'DELETE', path: '/api/blog/blogs/:id', extras: ['message'] },
  },
  banners: {
    getList: { method: 'GET', path: '/api/banners', listParams: LIST_FIELDS.banners },
    getOne: { method: 'GET', path: '/api/banners/by-id/:id' },
    create: { method: 'POST', path: '/api/banners' },
    update: { method: 'PUT', path: '/api/banners/:id' },
    deleteOne: { method: 'DELETE', path: '/api/banners/:id' },
  },
  dashboardKpis: {
    // The console tells 'Invalid response format' from no figures by the summary's success flag.
    getList: { method: 'GET', path: '/api/order/dashboard-summary', pick: 'kpis', listParams: false, extras: ['success'] },
  },
  monthlySales: {
    getList: { method: 'GET', path: '/api/order/monthly-sales', pick: 'data', listParams: false },
  },
  salesByCategory: {
    getList: { method: 'GET', path: '/api/order/sales-by-category', pick: 'categories', listParams: false },
  },
};
