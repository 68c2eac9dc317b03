import { useList } from '@refinedev/core';
import { isLowStock, isOutOfStock, type Product, type ProductCounts } from '../../domain';

/**
 * The catalogue's count cards, from the product list's answer. Our server sends `counts` with every
 * product list; a server that only speaks the contract does not, and then the whole list is fetched
 * once and counted here.
 */
export function useProductCounts(list: { data?: object; isSuccess: boolean }): {
  counts: ProductCounts | undefined;
  loading: boolean;
} {
  const fromList = (list.data as { counts?: ProductCounts } | undefined)?.counts;
  const fallbackNeeded = list.isSuccess && fromList === undefined;
  const { result, query } = useList<Product>({
    resource: 'products',
    pagination: { mode: 'off' },
    queryOptions: { enabled: fallbackNeeded },
    errorNotification: false,
  });
  if (fromList) return { counts: fromList, loading: false };
  if (fallbackNeeded && query.isSuccess) return { counts: countProducts(result.data), loading: false };
  return { counts: undefined, loading: !query.isError };
}

/** The count cards from the whole product list, for a server that answers the list without `counts`. */
export function countProducts(products: readonly Pick<Product, 'status' | 'variants'>[]): ProductCounts {
  return {
    total: products.length,
    active: products.filter((p) => p.status === 'active').length,
    lowStock: products.filter((p) => isLowStock(p.variants ?? [])).length,
    outOfStock: products.filter((p) => isOutOfStock(p.variants ?? [])).length,
  };
}
