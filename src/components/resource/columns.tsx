import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { ResourcePresentation, StoreRecord } from './presentation';
import { FieldValue, fieldText } from './FieldValue';
import { HoverTooltip } from '../HoverTooltip';

/** The grid's columns from the declared fields, in order; the field's kind decides how a cell reads. */
export function fieldColumns<T extends StoreRecord>(
  presentation: ResourcePresentation<T>,
): GridColDef<T & { id: string }>[] {
  return Object.entries(presentation.fields).flatMap(([field, spec]) => {
    if (!spec.column) return [];
    const column = spec.column === true ? {} : spec.column;
    return [
      {
        field,
        headerName: spec.label,
        sortable: column.sortable ?? false,
        ...(column.align && { align: column.align, headerAlign: column.align }),
        ...(column.width ? { width: column.width } : { flex: column.flex ?? 1, minWidth: column.minWidth ?? 110 }),
        valueGetter: (_value, row) => fieldText(field, spec, row),
        renderCell: ({ row }) => <FieldValue name={field} spec={spec} record={row} />,
      } satisfies GridColDef<T & { id: string }>,
    ];
  });
}

/** The grid's own hints (a column's sort and menu buttons, a cut-off header) mounted only as they show. */
const GRID_SLOTS = { baseTooltip: HoverTooltip };

/** MUI's breakpoints, which the console's theme keeps. */
const BREAKPOINTS = { sm: 600, md: 900 };

/**
 * A resource's grid as it reads wherever it shows (its list, a customer's orders): its row height, cells centred, pages of 10 to 50,
 * and the columns declared `hideBelow` hidden on a narrower screen, as the grid mounts (its column menu shows them again).
 * Made once per mount: new objects at each render (its style, its row height function) would have the grid
 * take them as changes and draw itself again.
 */
export function useGridLayout<T extends StoreRecord>(presentation: ResourcePresentation<T>) {
  return useMemo(() => gridLayout(presentation), [presentation]);
}

function gridLayout<T extends StoreRecord>({ autoRowHeight, rowHeight, fields }: ResourcePresentation<T>) {
  const hidden = Object.entries(fields).flatMap(([field, { column }]) =>
    typeof column === 'object' && column.hideBelow && window.innerWidth < BREAKPOINTS[column.hideBelow]
      ? [[field, false] as const]
      : [],
  );
  return {
    initialState: { columns: { columnVisibilityModel: Object.fromEntries(hidden) } },
    slots: GRID_SLOTS,
    pageSizeOptions: [10, 25, 50],
    autoHeight: true,
    disableColumnFilter: true,
    disableRowSelectionOnClick: true,
    ...(autoRowHeight ? { getRowHeight: () => 'auto' as const, getEstimatedRowHeight: () => 64 } : { rowHeight }),
    sx: {
      '& .MuiDataGrid-cell': {
        display: 'flex',
        alignItems: 'center',
        ...(autoRowHeight && { py: 1.5, whiteSpace: 'normal', lineHeight: 1.4 }),
      },
    },
  };
}

export function rowNumberColumn<T extends GridValidRowModel>(): GridColDef<T> {
  return {
    field: 'number',
    headerName: '#',
    width: 70,
    sortable: false,
    renderCell: ({ api, id }) => {
      const { page, pageSize } = api.state.pagination.paginationModel;
      return page * pageSize + api.getRowIndexRelativeToVisibleRows(id) + 1;
    },
  };
}
