import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useOne, useUpdate, type HttpError } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BLOG_EDIT_REDIRECT_MS, type Blog, type BlogInput } from '../../domain';
import { BlogForm } from './BlogForm';
import { BlogPageHeader } from './BlogPageHeader';
import { blogFormValues } from './blog-form';

export default function BlogEdit() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { result: blog, query } = useOne<Blog, HttpError>({ resource: 'blogs', id, errorNotification: false });
  const { mutateAsync } = useUpdate<Blog, HttpError, BlogInput>();
  const redirect = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const save = async (values: BlogInput) => {
    await mutateAsync({
      resource: 'blogs',
      id,
      values,
      successNotification: { type: 'success', message: 'Blog Updated Successfully!' },
      errorNotification: false,
    });
    // The toast gets a moment on screen before the list replaces the form (SPEC.md section 9).
    redirect.current = window.setTimeout(() => navigate('/blog'), BLOG_EDIT_REDIRECT_MS);
    return undefined;
  };

  let body;
  if (query.isLoading) body = <Typography role="status">Loading blog...</Typography>;
  else if (!blog) {
    const missing = query.error?.statusCode === 404 || query.error?.statusCode === 400;
    body = <Alert severity={missing ? 'warning' : 'error'}>{missing ? 'Blog not found.' : 'Failed to load blog details'}</Alert>;
  } else
    body = (
      <BlogForm
        defaultValues={blogFormValues(blog)}
        current={{ featuredImage: blog.featuredImage, subImages: blog.subImages ?? [] }}
        submitLabel="Update Blog"
        busyLabel="Updating..."
        failureMessage="Failed to update blog"
        onSave={save}
      />
    );

  return (
    <Box component="section" aria-label="Edit Blog">
      <BlogPageHeader title="Edit Blog" />
      {body}
    </Box>
  );
}
