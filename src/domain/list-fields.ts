/** Sortable and filterable fields per list, shared by the server (SQL) and the data provider's browser fallback. */
export const LIST_FIELDS = {
  products: { sort: ['name', 'createdAt', 'totalStock', 'status'], filter: ['status', 'category'] },
  orders: { sort: ['createdAt', 'totalPrice', 'status'], filter: ['status', 'paymentStatus', 'user'] },
  users: { sort: ['createdAt', 'fullname', 'email'], filter: ['role'] },
  staff: { sort: ['createdAt', 'fullname', 'email', 'role'], filter: ['role'] },
  coupons: { sort: ['code', 'expiresAt', 'createdAt'], filter: ['isActive', 'discountType'] },
  blogs: { sort: ['publishedAt', 'title'], filter: ['category'] },
  banners: { sort: ['createdAt', 'name'], filter: [] },
} as const;
