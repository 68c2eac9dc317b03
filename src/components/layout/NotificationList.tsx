import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useCustomMutation } from '@refinedev/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../domain';
import { NOTIFICATIONS_READ_URL, type NotificationPage, type StaffNotification } from '../../domain/notifications';
import type { MenuState } from '../useMenu';

/**
 * The bell's panel (loaded when first opened): the newest notifications, unread ones marked, each a link to
 * its screen, read as it is followed; "Mark all read" above them.
 */
export default function NotificationList({
  menu,
  page,
  query,
}: {
  menu: MenuState;
  page: NotificationPage | undefined;
  query: { isError: boolean; refetch: () => unknown };
}) {
  const { mutate, mutation } = useCustomMutation<{ unread: number }>();
  const title = useRef<HTMLHeadingElement>(null);
  const markRead = (values: { ids: string[] } | { all: true }) =>
    mutate(
      { url: NOTIFICATIONS_READ_URL, method: 'post', values, successNotification: false },
      { onSuccess: () => void query.refetch() },
    );
  // Mark all read goes disabled as it works: the focus moves to the panel's title rather than out of the panel.
  const markAllRead = () => {
    title.current?.focus();
    markRead({ all: true });
  };
  const follow = (item: StaffNotification) =>
    menu.choose(() => {
      if (!item.read) markRead({ ids: [item._id] });
    });

  return (
    <Popover
      {...menu.props}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'notifications-title',
          sx: { width: 360, maxWidth: 'calc(100vw - 32px)' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography
          id="notifications-title"
          ref={title}
          tabIndex={-1}
          variant="subtitle1"
          component="h2"
          fontWeight={600}
          sx={{ flexGrow: 1, outline: 'none' }}
        >
          Notifications
        </Typography>
        <Button size="small" disabled={!page || page.unread === 0 || mutation.isPending} onClick={markAllRead}>
          Mark all read
        </Button>
      </Box>
      <Divider />
      {query.isError ? (
        <Box sx={{ px: 2, py: 2 }}>
          <Typography variant="body2" color="error" gutterBottom>
            Could not load notifications.
          </Typography>
          <Button size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Box>
      ) : !page ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
          Loading notifications…
        </Typography>
      ) : page.notifications.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
          No notifications yet. New orders, returns, low stock and sign-in alerts show here.
        </Typography>
      ) : (
        <List dense component="nav" aria-labelledby="notifications-title">
          {page.notifications.map((item) => (
            <ListItemButton
              key={item._id}
              component={Link}
              to={item.link}
              onClick={follow(item)}
              sx={{ alignItems: 'flex-start', gap: 1.5 }}
            >
              <Box
                aria-hidden
                sx={{
                  mt: 0.9,
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  flexShrink: 0,
                  bgcolor: item.read ? 'transparent' : 'primary.main',
                }}
              />
              <ListItemText
                primary={item.title}
                secondary={`${formatDateTime(item.at)}${item.read ? '' : ' · unread'}`}
                slotProps={{ primary: { fontWeight: item.read ? 400 : 600 } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Popover>
  );
}
