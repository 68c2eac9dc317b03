/** "a, b , ,c" -> ["a", "b", "c"]: trimmed, blanks dropped (SPEC.md section 5). */
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
