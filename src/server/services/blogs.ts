import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { HttpError } from '../errors';

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

/** Deeper than any article's markup (a table in a list in a quote is about ten). */
export const MAX_CONTENT_NESTING = 100;
const TOO_DEEP = Symbol('too deep');

/**
 * Whether the markup nests elements deeper than `limit`, as the sanitiser's own parser (htmlparser2)
 * reads it, implied closes included. The parse stops at the first element too deep: htmlparser2's
 * work grows with the square of the depth (198 KB of nested <b> took a second, blocking every
 * request), and the check must not cost what it prevents.
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  const parser = new Parser({
    onopentag() {
      depth += 1;
      if (depth > limit) throw TOO_DEEP;
    },
    onclosetag() {
      depth -= 1;
    },
  });
  try {
    parser.end(html);
    return false;
  } catch (error) {
    if (error === TOO_DEEP) return true;
    throw error;
  }
}

/**
 * Blog HTML as it is stored: the resource sanitises each write once, the seed its demo articles.
 * Markup nested deeper than MAX_CONTENT_NESTING is refused before the sanitiser sees it.
 */
export function sanitizeBlogContent(html: string): string {
  if (nestsDeeperThan(html, MAX_CONTENT_NESTING)) {
    throw new HttpError(400, `content: Content is nested too deeply (at most ${MAX_CONTENT_NESTING} levels)`);
  }
  return sanitizeHtml(html, contentPolicy);
}
