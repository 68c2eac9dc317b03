import { presentResource } from '../../components/resource/presentation';
import { BLOG_EDIT_REDIRECT_MS, MAX_BLOG_SUB_IMAGES, type Blog, blogsContract } from '../../domain';
import { RichTextField } from '../../components/RichTextField';
import { createElement } from 'react';
import { BlogArticle } from './BlogArticle';

/** Manage Blogs, Add New Blog, Edit Blog, and the blog's page as shoppers will read it. */
export default presentResource<Blog>(blogsContract, {
  rowNumbers: true,
  viewInNewTab: true,
  // Opened in a new tab from Manage Blogs, so it stands on its own (the session comes from storage).
  article: (blog) => createElement(BlogArticle, { blog }),
  initialSort: { field: 'publishedAt', order: 'desc' },
  // Adding: the form starts over for the next blog. Editing: the toast shows a moment, then the list.
  afterSave: { create: 'stay', delayMs: BLOG_EDIT_REDIRECT_MS },
  fields: {
    title: {
      label: 'Title',
      column: { flex: 1, minWidth: 220, sortable: true },
      form: { widget: 'text', required: true },
    },
    author: { label: 'Author', column: { width: 180 }, form: { widget: 'text', required: true } },
    publishedAt: { label: 'Date', kind: 'date', column: { width: 140, sortable: true } },
    featuredImage: { label: 'Featured Image', form: { widget: 'image', required: true } },
    subImages: {
      label: `Sub Images (max ${MAX_BLOG_SUB_IMAGES})`,
      form: { widget: 'images', max: MAX_BLOG_SUB_IMAGES },
    },
    shortDescription: { label: 'Short Description', form: { widget: 'multiline', required: true } },
    content: { label: 'Content', form: { widget: RichTextField, required: true } },
    tags: { label: 'Tags', form: { widget: 'list', helper: 'Comma separated, e.g. summer, oversized' } },
    category: { label: 'Category', form: 'text' },
    'seo.metaTitle': { label: 'Meta Title', form: { widget: 'text', group: 'SEO Settings' } },
    'seo.metaDescription': { label: 'Meta Description', form: { widget: 'multiline', group: 'SEO Settings' } },
  },
  // The list's failure is always in these words; a delete's toast is the server's message.
  outcomes: { loadFailed: 'text', deleted: 'server' },
});
