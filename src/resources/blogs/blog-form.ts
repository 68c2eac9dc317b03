import { z } from 'zod';
import { blogInputSchema, formatCommaList, parseCommaList, shortText, type Blog, type BlogInput } from '../../domain';

/**
 * The blog form's text fields, checked with the domain's own rules (so 'Title is required' reads the
 * same in the form and from the server). Tags are typed as one comma-separated line; images are files
 * kept beside the form and uploaded on save.
 */
export const blogFormSchema = blogInputSchema
  .pick({ title: true, author: true, shortDescription: true, content: true, category: true, seo: true })
  .extend({ tags: shortText(2000) });

export type BlogFormValues = z.input<typeof blogFormSchema>;
export type BlogFormOutput = z.output<typeof blogFormSchema>;

export const EMPTY_BLOG_FORM: BlogFormValues = {
  title: '',
  author: '',
  shortDescription: '',
  content: '',
  tags: '',
  category: '',
  seo: { metaTitle: '', metaDescription: '' },
};

export function blogFormValues(blog: Blog): BlogFormValues {
  return {
    title: blog.title,
    author: blog.author,
    shortDescription: blog.shortDescription,
    content: blog.content ?? '',
    tags: formatCommaList(blog.tags),
    category: blog.category ?? '',
    seo: { metaTitle: blog.seo?.metaTitle ?? '', metaDescription: blog.seo?.metaDescription ?? '' },
  };
}

/** The body of an add or update call: the form's fields, tags as a list, and the images' URLs. */
export function toBlogInput(values: BlogFormOutput, images: { featuredImage: string; subImages: string[] }): BlogInput {
  return { ...values, tags: parseCommaList(values.tags), featuredImage: images.featuredImage, subImages: images.subImages };
}
