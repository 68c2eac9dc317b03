import ArrowBack from '@mui/icons-material/ArrowBack';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useOne, type HttpError } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import type { Blog } from '../../domain';
import { BlogArticle } from './BlogArticle';

/** Opened in a new tab from Manage Blogs, so it must stand on its own (the session comes from storage). */
export default function BlogShow() {
  const { id = '' } = useParams();
  const { result: blog, query } = useOne<Blog, HttpError>({ resource: 'blogs', id, errorNotification: false });

  let body;
  if (query.isLoading) body = <Typography role="status">Loading blog...</Typography>;
  else if (!blog) {
    const missing = query.error?.statusCode === 404 || query.error?.statusCode === 400;
    body = <Alert severity={missing ? 'warning' : 'error'}>{missing ? 'Blog not found.' : 'Failed to fetch blog details'}</Alert>;
  } else body = <BlogArticle blog={blog} />;

  return (
    <Box component="section" aria-label="Blog details">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mb: 2, maxWidth: 960 }}>
        {blog && (
          <Button component={Link} to={`/admin/edit-blog/${blog._id}`} variant="outlined" startIcon={<EditOutlined />}>
            Edit
          </Button>
        )}
        <Button component={Link} to="/blog" startIcon={<ArrowBack />}>
          Back to blogs
        </Button>
      </Box>
      {body}
    </Box>
  );
}
