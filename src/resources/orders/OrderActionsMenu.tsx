import Check from '@mui/icons-material/Check';
import MoreVert from '@mui/icons-material/MoreVert';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link } from 'react-router';
import { useMenu } from '../../components/useMenu';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, shortOrderId, type Order, type OrderStatus } from '../../domain';

interface OrderActionsMenuProps {
  order: Order;
  onViewDetails: (order: Order) => void;
  /** Absent for a role that may not change an order's status: the menu then has no status selector. */
  onChangeStatus?: (order: Order, status: OrderStatus) => void;
}

/** A row's actions: View Details, Print packing slip and the status selector, where the current status is ticked. */
export function OrderActionsMenu({ order, onViewDetails, onChangeStatus }: OrderActionsMenuProps) {
  const menu = useMenu();
  const menuId = `order-actions-${order._id}`;

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for order #${shortOrderId(order._id)}`}
        aria-haspopup="menu"
        aria-controls={menu.isOpen ? menuId : undefined}
        aria-expanded={menu.isOpen ? 'true' : undefined}
        onClick={menu.open}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} {...menu.props}>
        <MenuItem onClick={menu.choose(() => onViewDetails(order))}>
          <ListItemIcon>
            <VisibilityOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>View Details</ListItemText>
        </MenuItem>
        <MenuItem component={Link} to={`/orders/${order._id}/print`} onClick={menu.close}>
          <ListItemIcon>
            <PrintOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Print packing slip</ListItemText>
        </MenuItem>
        {onChangeStatus && [
          <Divider key="divider" />,
          <ListSubheader key="heading" sx={{ lineHeight: 2.5 }}>
            Update status
          </ListSubheader>,
          ...ORDER_STATUSES.map((status) => {
            const current = status === order.status;
            return (
              <MenuItem key={status} role="menuitemradio" aria-checked={current} selected={current} onClick={menu.choose(() => onChangeStatus(order, status))}>
                <ListItemIcon>{current ? <Check fontSize="small" /> : null}</ListItemIcon>
                <ListItemText>{ORDER_STATUS_LABELS[status]}</ListItemText>
              </MenuItem>
            );
          }),
        ]}
      </Menu>
    </>
  );
}
