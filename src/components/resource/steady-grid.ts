import type { BaseRecord, HttpError } from '@refinedev/core';
import { useDataGrid, type UseDataGridProps } from '@refinedev/mui';
import { useSameWhileEqual, useSteadyCallback } from './steady';

const NO_ROWS: never[] = [];

/**
 * Refine's useDataGrid with the grid's props kept the same objects while what they say is the same. It
 * makes new ones at every render (an empty rows array while the page loads, the page and filter models,
 * the handlers), and the data grid takes each new one as a change: it runs its row, page and sort state
 * again and draws itself once more. A list's load renders its screen five or six times as its queries
 * settle and its address is written; each of those redrew the whole grid.
 */
export function useSteadyDataGrid<T extends BaseRecord, E extends HttpError = HttpError>(
  props: UseDataGridProps<T, E, unknown, T>,
) {
  const grid = useDataGrid<T, E>(props);
  const { rows, paginationModel, filterModel, onPaginationModelChange, onSortModelChange, onFilterModelChange } =
    grid.dataGridProps;
  const steadyPageChange = useSteadyCallback(onPaginationModelChange ?? (() => undefined));
  const dataGridProps = {
    ...grid.dataGridProps,
    rows: rows.length > 0 ? rows : NO_ROWS,
    paginationModel: useSameWhileEqual(paginationModel),
    filterModel: useSameWhileEqual(filterModel),
    onPaginationModelChange: onPaginationModelChange && steadyPageChange,
    onSortModelChange: useSteadyCallback(onSortModelChange),
    onFilterModelChange: useSteadyCallback(onFilterModelChange),
    onStateChange: useSteadyCallback(grid.dataGridProps.onStateChange),
  };
  return { ...grid, dataGridProps };
}
