import { z } from 'zod';

/** Ids are 24 lowercase hex characters (the shape of the store's existing backend's ObjectIds). */
export const ID_PATTERN = /^[a-f0-9]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'must be a 24-character hex id');

/** An image reference: an uploaded file on this server (/uploads/...) or an http(s) URL. */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || /^\/uploads\/[\w.-]+$/.test(value) || /^https?:\/\/[^\s<>"']+$/i.test(value), {
    message: 'must be an uploaded image path or an http(s) URL',
  });

/** A link a banner points to: an http(s) URL or a path on the storefront. Never javascript:. */
export const linkSchema = z
  .string()
  .trim()
  .max(2000)
  // A path is one '/' then no second '/' or '\': '//evil.example' and '/\evil' lead to another site.
  .refine((value) => value === '' || /^https?:\/\/[^\s<>"'\\]+$/i.test(value) || /^\/(?![/\\])[^\s<>"'\\]*$/.test(value), {
    message: 'must be a URL (http:// or https://) or a path starting with /',
  });

export const shortText = (max = 200) => z.string().trim().max(max);
export const requiredText = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max);

export const tagListSchema = z.array(z.string().trim().min(1).max(100)).max(50);

/**
 * A list checked against a fixed list: known entries take the list's spelling, so 'oversized' files
 * under 'Oversized' and the catalogue's category filter finds it; an unknown one is refused by name.
 */
export function fixedListSchema(label: string, allowed: readonly string[]) {
  return tagListSchema.transform((entries, context) => {
    const known: string[] = [];
    for (const entry of entries) {
      const match = allowed.find((a) => a.toLowerCase() === entry.toLowerCase());
      if (!match) {
        context.addIssue({ code: 'custom', message: `Unknown ${label} '${entry}': choose from ${allowed.join(', ')}` });
        return z.NEVER;
      }
      if (!known.includes(match)) known.push(match);
    }
    return known;
  });
}

/** "name: Name is required" — the first issue of a failed parse, naming the field. */
export function describeValidationError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
