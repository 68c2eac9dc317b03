import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { Link } from 'react-router';
import type { Blog } from '../../domain';

interface BlogRowActionsProps {
  blog: Blog;
  onDelete: (blog: Blog) => void;
}

/** View (in a new tab, as the spec has it), Edit and Delete for one row of Manage Blogs. */
export function BlogRowActions({ blog, onDelete }: BlogRowActionsProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
      <Tooltip title="View">
        <IconButton
          component="a"
          href={`/admin/view-blog/${blog._id}`}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          aria-label={`View ${blog.title}`}
        >
          <OpenInNew fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Edit">
        <IconButton component={Link} to={`/admin/edit-blog/${blog._id}`} size="small" aria-label={`Edit ${blog.title}`}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" color="error" aria-label={`Delete ${blog.title}`} onClick={() => onDelete(blog)}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
