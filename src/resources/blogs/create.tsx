import Box from '@mui/material/Box';
import { useCreate, type HttpError } from '@refinedev/core';
import type { Blog, BlogInput } from '../../domain';
import { BlogForm } from './BlogForm';
import { BlogPageHeader } from './BlogPageHeader';
import { EMPTY_BLOG_FORM } from './blog-form';
import { serverMessage } from './server-message';

export default function BlogCreate() {
  const { mutateAsync } = useCreate<Blog, HttpError, BlogInput>();

  const save = async (values: BlogInput) => {
    const response = await mutateAsync({
      resource: 'blogs',
      values,
      successNotification: { type: 'success', message: 'Blog Added Successfully!' },
      // The form's message area shows the failure.
      errorNotification: false,
    });
    return serverMessage(response);
  };

  return (
    <Box component="section" aria-label="Add New Blog">
      <BlogPageHeader title="Add New Blog" />
      <BlogForm
        defaultValues={EMPTY_BLOG_FORM}
        submitLabel="Add Blog"
        busyLabel="Saving..."
        failureMessage="Failed to add blog"
        onSave={save}
        resetAfterSave
      />
    </Box>
  );
}
