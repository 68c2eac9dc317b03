import Check from '@mui/icons-material/Check';
import MoreVert from '@mui/icons-material/MoreVert';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import { Link } from 'react-router';
import { IconMenuItem } from '../../components/IconMenuItem';
import { useMenu } from '../../components/useMenu';
import {
  ORDER_DRAFT,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  shortOrderId,
  type Order,
  type OrderStatus,
} from '../../domain';

/**
 * A row's actions: View Details, Print packing slip and the status selector, where the current status is ticked
 * (none without `onChangeStatus`, for a role that may not change an order's status).
 */
export function OrderActionsMenu({
  order,
  onViewDetails,
  onChangeStatus,
}: {
  order: Order;
  onViewDetails: (order: Order) => void;
  onChangeStatus?: (order: Order, status: OrderStatus) => void;
}) {
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
        <IconMenuItem
          onClick={menu.choose(() => onViewDetails(order))}
          icon={VisibilityOutlined}
          label="View Details"
        />
        <IconMenuItem
          component={Link}
          to={`/orders/${order._id}/print`}
          onClick={menu.close}
          icon={PrintOutlined}
          label="Print packing slip"
        />
        {onChangeStatus &&
          order.status !== ORDER_DRAFT && [
            <Divider key="divider" />,
            <ListSubheader key="heading" sx={{ lineHeight: 2.5 }}>
              Update status
            </ListSubheader>,
            ...ORDER_STATUSES.map((status) => {
              const current = status === order.status;
              return (
                <IconMenuItem
                  key={status}
                  role="menuitemradio"
                  aria-checked={current}
                  selected={current}
                  onClick={menu.choose(() => onChangeStatus(order, status))}
                  icon={current ? Check : undefined}
                  label={ORDER_STATUS_LABELS[status]}
                />
              );
            }),
          ]}
      </Menu>
    </>
  );
}
