import DOMPurify from 'dompurify';

/**
 * The same policy as the server's, applied again before rendering: the server may not
 * be ours, and stored HTML may predate its sanitiser. DOMPurify already drops scripts, event handlers
 * and javascript: URLs; styles and form controls go too, as on the server. Links keep their target, as
 * the editor writes them (browsers give target=_blank links no opener).
 */
const POLICY = {
  USE_PROFILES: { html: true },
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
};

export function safeBlogHtml(html: string): string {
  return DOMPurify.sanitize(html, POLICY);
}
