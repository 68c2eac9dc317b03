import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useOne, useUpdate, type HttpError } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BLOG_EDIT_REDIRECT_MS, type Blog, type BlogInput } from '../../domain';
import { BlogForm } from './BlogForm';
import { BlogPageHeader } from './BlogPageHeader';
import { blogFormValues } from './blog-form';

export default function BlogEdit() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { result: latest, query } = useOne<Blog, HttpError>({ resource: 'blogs', id, errorNotification: false });
  // The copy the form was filled from, whose updatedAt goes with the save: a background refetch (the
  // window regaining focus) must not swap it under the admin's typing, or their save would overwrite
  // whatever changed meanwhile. Only Reload replaces it.
  const [loaded, setLoaded] = useState<Blog>();
  useEffect(() => {
    if (latest && !loaded) setLoaded(latest);
  }, [latest, loaded]);
  const blog = loaded ?? latest;
  const { mutateAsync } = useUpdate<Blog, HttpError, BlogInput & { updatedAt?: string }>();
  const redirect = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const reload = async () => {
    const { data, error } = await query.refetch();
    if (!data) throw error ?? new Error('Blog not found.');
    setLoaded(data.data);
  };

  const save = async (values: BlogInput) => {
    await mutateAsync({
      resource: 'blogs',
      id,
      values: { ...values, updatedAt: blog?.updatedAt },
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
        key={blog.updatedAt}
        defaultValues={blogFormValues(blog)}
        current={{ featuredImage: blog.featuredImage, subImages: blog.subImages ?? [] }}
        submitLabel="Update Blog"
        busyLabel="Updating..."
        failureMessage="Failed to update blog"
        onSave={save}
        onReload={reload}
      />
    );

  return (
    <Box component="section" aria-label="Edit Blog">
      <BlogPageHeader title="Edit Blog" />
      {body}
    </Box>
  );
}
