import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';

/** An item's Edit (where it has one) and Remove buttons in a list being built, named after the item ('Edit size S'). */
export function EditRemoveButtons({
  name,
  onEdit,
  onRemove,
  disabled,
  small = false,
}: {
  name: string;
  onEdit?: () => void;
  onRemove: () => void;
  disabled: boolean;
  small?: boolean;
}) {
  const buttons = [
    { label: `Edit ${name}`, Icon: EditOutlined, act: onEdit },
    { label: `Remove ${name}`, Icon: DeleteOutline, act: onRemove },
  ];
  return buttons.map(
    ({ label, Icon, act }) =>
      act && (
        <IconButton key={label} size={small ? 'small' : undefined} aria-label={label} onClick={act} disabled={disabled}>
          <Icon fontSize="small" />
        </IconButton>
      ),
  );
}
