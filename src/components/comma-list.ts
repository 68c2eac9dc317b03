/** "a, b , ,c" -> ["a", "b", "c"]: trimmed, blanks dropped (the spec's rule for categories, collections and tags). */
export function parseCommaList(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export function formatCommaList(items: readonly string[] | null | undefined): string {
  return (items ?? []).join(', ');
}
