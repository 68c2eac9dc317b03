import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { NOTIFICATION_BADGE_COUNT } from '../../domain';

/** A fixed badge: the store has no notification feed yet (SPEC.md section 9). */
export function NotificationBell() {
  return (
    <IconButton aria-label={`Notifications (${NOTIFICATION_BADGE_COUNT})`}>
      <Badge badgeContent={NOTIFICATION_BADGE_COUNT} color="error">
        <NotificationsOutlined />
      </Badge>
    </IconButton>
  );
}
