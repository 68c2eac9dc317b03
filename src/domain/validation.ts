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

/** Percent-decoding rounds after which a link that still decodes further is refused. */
const MAX_DECODE_ROUNDS = 5;

/**
 * The link as a router that decodes it, perhaps more than once, would pass it on; undefined when it
 * still changes after MAX_DECODE_ROUNDS. Byte by byte, as decodeURIComponent would throw on a stray
 * '%' or half a character: only ASCII is looked for, and no UTF-8 sequence holds an ASCII byte.
 */
function percentDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

/**
 * A path leads to another site once it starts with '//' or holds a '\' (browsers read it as '/'),
 * raw or percent-encoded ('/%2F%2Fevil', '/%5Cevil'), tabs and line breaks aside (browsers drop them).
 * A URL's user info ('https://shop.example@evil.example') hides the host it really goes to.
 */
function isSafeLink(value: string): boolean {
  if (value === '') return true;
  if (/^https?:\/\//i.test(value)) return /^https?:\/\/[^\s<>"'\\@/?#]+(?:[/?#][^\s<>"'\\]*)?$/i.test(value);
  const path = percentDecoded(value)?.replace(/[\t\n\r]/g, '');
  return /^\/[^\s<>"'\\]*$/.test(value) && path !== undefined && !path.startsWith('//') && !path.includes('\\');
}

/** A link a banner points to: an http(s) URL or a path on the storefront. Never javascript:. */
export const linkSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(isSafeLink, { message: 'must be a URL (http:// or https://) or a path starting with /' });

export const shortText = (max = 200) => z.string().trim().max(max);
/**
 * A whole number with its thousands separated by commas (2,000), as 'en-US' writes it. Not toLocaleString:
 * the schemas call this as their modules load, and a browser's first Intl formatter for a locale costs
 * the console's first screen tens of milliseconds.
 */
const withCommas = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
// The string's own `error` would answer every check without a message, so too long needs its own.
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${withCommas(max)} characters`);

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
