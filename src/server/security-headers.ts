/**
 * The headers every answer carries: API JSON, console files, uploaded images, 404s and errors, even
 * the ones Fastify answers before any hook runs (a malformed URL). One plain table, so the hook and
 * the framework-error path send exactly the same set.
 *
 * The policy is what the built console needs and no more: its scripts are files from this origin
 * (no inline script), MUI's emotion injects <style> tags at run time (so inline styles), product and
 * blog images may be http(s) URLs on other hosts, and the only network calls go to this origin or to
 * the image host the console was built for (`extraConnectSources`).
 */
export function securityHeaders(extraConnectSources: readonly string[] = []): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...extraConnectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    // The legacy XSS auditor is itself exploitable; the CSP does its job.
    'x-xss-protection': '0',
  };
}
