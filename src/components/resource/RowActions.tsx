import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HoverTooltip } from '../HoverTooltip';

/** A row action: a link to a page of its own, or a button opening a dialog. */
export type RowAction<T> = { href: (record: T) => string; newTab?: boolean } | { onClick: (record: T) => void };

interface RowActionsOptions<T> {
  label: (record: T) => string;
  /** The view action's words ('View Details' in the catalogue). */
  viewLabel?: string;
  view?: RowAction<T>;
  edit?: RowAction<T>;
  onDelete?: (record: T) => void;
  /** Further controls before the standard ones (an order's status menu). */
  extra?: (record: T) => ReactNode;
}

type ActionButtonProps<T> = {
  action: RowAction<T>;
  record: T;
  title: string;
  name: string;
  icon: ReactNode;
  color?: 'error';
};

function ActionButton<T>({ action, record, title, name, icon, color }: ActionButtonProps<T>) {
  const target =
    'href' in action
      ? action.newTab
        ? { component: 'a', href: action.href(record), target: '_blank', rel: 'noopener noreferrer' }
        : { component: Link, to: action.href(record) }
      : { onClick: () => action.onClick(record) };
  return (
    <HoverTooltip title={title}>
      <IconButton size="small" color={color} aria-label={name} {...target}>
        {icon}
      </IconButton>
    </HoverTooltip>
  );
}

/** The grid's last column: View, Edit and Delete, each named after its record for screen readers. */
export function rowActionsColumn<T extends GridValidRowModel>({
  label,
  viewLabel = 'View',
  view,
  edit,
  onDelete,
  extra,
}: RowActionsOptions<T>): GridColDef<T> {
  const count = [view, edit, onDelete].filter(Boolean).length;
  return {
    field: 'actions',
    headerName: 'Actions',
    width: 48 + count * 36 + (extra ? 48 : 0),
    // A lone menu (an order's) sits in the middle of its column.
    ...(count === 0 && { align: 'center', headerAlign: 'center' }),
    sortable: false,
    filterable: false,
    disableExport: true,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
        {extra?.(row)}
        {view && (
          <ActionButton
            action={view}
            record={row}
            title={viewLabel}
            name={`${viewLabel} ${label(row)}`}
            icon={<VisibilityOutlined fontSize="small" />}
          />
        )}
        {edit && (
          <ActionButton
            action={edit}
            record={row}
            title="Edit"
            name={`Edit ${label(row)}`}
            icon={<EditOutlined fontSize="small" />}
          />
        )}
        {onDelete && (
          <ActionButton
            action={{ onClick: onDelete }}
            record={row}
            title="Delete"
            name={`Delete ${label(row)}`}
            icon={<DeleteOutline fontSize="small" />}
            color="error"
          />
        )}
      </Stack>
    ),
  };
}
