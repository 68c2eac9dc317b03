/**
 * Counts failed sign-ins per IP and email in memory. Only failures count, so an admin who signs in
 * often is never locked out, while guessing one account's password from one address is slowed down.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const entry = this.live(key);
    return entry && entry.count >= this.maxFailures ? Math.ceil((entry.resetAt - this.now()) / 1000) : 0;
  }

  recordFailure(key: string): void {
    const entry = this.live(key);
    if (entry) entry.count += 1;
    else this.failures.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.failures.size > 10_000) this.prune();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private live(key: string) {
    const entry = this.failures.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
