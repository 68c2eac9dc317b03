import { useCustom, useOne } from '@refinedev/core';
import { useEffect, useMemo } from 'react';
import { stockContract, type Order, type StockSku } from '../../domain';

/**
 * What a form of an order's lines (Edit items, Return / exchange) starts from: the whole order (a list
 * row leaves its lines out), the SKUs `asked` names (`{ sku: [...] }` or `{ product: [...] }`, as the
 * Stock screen's list takes them), and, once both are read, the form's value made by `start`.
 */
export function useOrderLines<V>(
  record: unknown,
  value: V[] | undefined,
  onChange: (value: V[]) => void,
  asked: (order: Order) => Record<string, string[]>,
  start: (order: Order, stock: StockSku[]) => V[],
): { order?: Order; stock: StockSku[] } {
  const { result: order } = useOne<Order>({ resource: 'orders', id: (record as Order)._id });
  const query = order ? asked(order) : {};
  const wanted = Object.values(query).some((values) => values.length > 0);
  const { result: found, query: stockQuery } = useCustom<{ skus: StockSku[] }>({
    url: stockContract.url(''),
    method: 'get',
    config: { query: { ...query, _start: '0', _end: '200' } },
    queryOptions: { enabled: wanted },
  });
  const stock = useMemo(() => (stockQuery.isSuccess ? found.data.skus : []), [stockQuery.isSuccess, found]);
  const ready = Boolean(order) && (!wanted || stockQuery.isFetched);
  useEffect(() => {
    if (value === undefined && ready && order) onChange(start(order, stock));
  }, [value, ready, order, stock, onChange, start]);
  return { order, stock };
}
