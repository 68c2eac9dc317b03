import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useCustom, useSubscription } from '@refinedev/core';
import { NOTIFICATIONS_URL, type NotificationPage } from '../../domain/notifications';
import { LIVE_CONNECTED, channelOf } from '../../providers/live-on-demand';
import { onDemand } from '../on-demand';
import { useMenu } from '../useMenu';

/** How many of the newest notifications the bell's list shows. */
const SHOWN = 8;

const NotificationList = onDemand(
  () => import('./NotificationList'),
  ({ menu }) => menu.isOpen,
);

/**
 * The header's bell: the signed-in person's unread notifications as its badge, kept current by the live
 * stream (a new order, a read in another tab); the list opens from it (loaded when first opened).
 */
export function NotificationBell() {
  const menu = useMenu();
  const { result, query } = useCustom<NotificationPage>({
    url: NOTIFICATIONS_URL,
    method: 'get',
    config: { query: { _start: 0, _end: SHOWN } },
    errorNotification: false,
  });
  useSubscription({
    channel: channelOf('notifications'),
    types: ['*', LIVE_CONNECTED],
    onLiveEvent: () => void query.refetch(),
  });
  const unread = query.isSuccess ? result.data.unread : 0;
  return (
    <>
      <IconButton
        aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        onClick={menu.open}
      >
        <Badge badgeContent={unread} max={99} color="error">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <NotificationList menu={menu} page={query.isSuccess ? result.data : undefined} query={query} />
    </>
  );
}
