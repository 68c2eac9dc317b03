import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { Link } from 'react-router';
import type { Banner } from '../../domain';

interface BannerRowActionsProps {
  banner: Banner;
  onDelete: (banner: Banner) => void;
}

/** View, Edit and Delete for one row of All Banners. */
export function BannerRowActions({ banner, onDelete }: BannerRowActionsProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
      <Tooltip title="View">
        <IconButton component={Link} to={`/admin/view-banner/${banner._id}`} size="small" aria-label={`View ${banner.name}`}>
          <VisibilityOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton component={Link} to={`/admin/edit-banner/${banner._id}`} size="small" aria-label={`Edit ${banner.name}`}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" color="error" aria-label={`Delete ${banner.name}`} onClick={() => onDelete(banner)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
