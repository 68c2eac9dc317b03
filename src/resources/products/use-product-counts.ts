import { useList } from '@refinedev/core';
import { type Product, type ProductCounts } from '../../domain';
import { countProducts } from './product-form';

/**
 * The catalogue's count cards. Our server sends `counts` with every product list; a server that only
 * speaks the contract does not, and then the whole list is fetched once and counted here.
 */
export function useProductCounts(
  fromList: ProductCounts | undefined,
  listSettled: boolean,
): { counts: ProductCounts | undefined; loading: boolean } {
  const fallbackNeeded = listSettled && fromList === undefined;
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
