import sanitizeHtml from 'sanitize-html';

/** Ordinary article formatting survives; scripts, event handlers, styles and javascript: URLs do not. */
const contentPolicy: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'figure', 'figcaption', 'u', 's', 'span'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
};

/** Blog HTML as it is stored: the resource sanitises each write once, the seed its demo articles. */
export function sanitizeBlogContent(html: string): string {
  return sanitizeHtml(html, contentPolicy);
}
