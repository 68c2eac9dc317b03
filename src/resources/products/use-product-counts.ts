import { isLowStock, isOutOfStock, type Product, type ProductCounts } from '../../domain';

/** The count cards from the whole product list, for a server that answers the list without `counts`. */
export function countProducts(products: readonly Pick<Product, 'status' | 'variants'>[]): ProductCounts {
  return {
    total: products.length,
    active: products.filter((p) => p.status === 'active').length,
    lowStock: products.filter((p) => isLowStock(p.variants ?? [])).length,
    outOfStock: products.filter((p) => isOutOfStock(p.variants ?? [])).length,
  };
}
