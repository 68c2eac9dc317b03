/** The server's `message` beside a write's result (ENDPOINTS `extras`); absent from servers that send none. */
export function serverMessage(response: unknown): string | undefined {
  const message = (response as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
