import type { CrudFilter, HttpError } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { useCallback } from 'react';
import type { ResourceDefinition, StoreRecord } from './definition';

/**
 * A list's data: Refine's useDataGrid in server mode with the declared page size and order, and the
 * filters to apply from ListFilters (back to the first page each time).
 */
export function useResourceGrid<T extends StoreRecord>(definition: ResourceDefinition<T>) {
  const grid = useDataGrid<T & { id: string }, HttpError>({
    resource: definition.name,
    pagination: { pageSize: definition.pageSize ?? 10 },
    sorters: definition.initialSort ? { initial: [definition.initialSort] } : undefined,
    syncWithLocation: false,
    // The grid says it in place; a toast as well would only repeat it.
    errorNotification: false,
  });
  const { setFilters, setCurrentPage } = grid;
  const onFilters = useCallback(
    (filters: CrudFilter[]) => {
      setFilters(filters, 'replace');
      setCurrentPage(1);
    },
    [setFilters, setCurrentPage],
  );
  return { ...grid, onFilters };
}
