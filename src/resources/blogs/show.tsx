import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCan } from '@refinedev/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/resource/PageHeader';
import { RecordState, useRouteRecord } from '../../components/resource/RecordState';
import type { Blog } from '../../domain';
import { BlogArticle } from './BlogArticle';

/** Its words while the blog loads, when it is missing and when it fails to load. */
const RECORD_STATES = {
  recordLoading: 'Loading blog...',
  notFound: 'Blog not found.',
  recordLoadFailed: 'Failed to fetch blog details',
};

/** Opened in a new tab from Manage Blogs, so it must stand on its own (the session comes from storage). */
export default function BlogShow() {
  const { record: blog, query } = useRouteRecord<Blog>('blogs');
  const editable = useCan({ resource: 'blogs', action: 'edit' }).data?.can === true;
  const edit = blog && editable && (
    <Button component={Link} to={`/admin/edit-blog/${blog._id}`} variant="outlined" startIcon={<EditOutlined />}>
      Edit
    </Button>
  );
  return (
    <Box component="section" aria-label="Blog details" sx={{ maxWidth: 960 }}>
      <PageHeader back="/blog" backLabel="Back to blogs" actions={edit} />
      <RecordState query={query} found={Boolean(blog)} texts={RECORD_STATES}>
        {blog && <BlogArticle blog={blog} />}
      </RecordState>
    </Box>
  );
}
