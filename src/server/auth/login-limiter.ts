/**
 * Counts failed sign-ins in memory, per IP and email and per IP alone. Only failures count, so an
 * admin who signs in often is never locked out. The first count slows guessing one account's password
 * from one address; the second slows one address trying a common password against many emails.
 * A success clears only its own account's count, or one known account would reset the address's.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly maxFailuresPerAddress = maxFailures * 10,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Seconds until this address may try this email again, or 0 when it may try now. */
  retryAfter(ip: string, email: string): number {
    return Math.max(this.wait(accountKey(ip, email), this.maxFailures), this.wait(addressKey(ip), this.maxFailuresPerAddress));
  }

  recordFailure(ip: string, email: string): void {
    for (const key of [accountKey(ip, email), addressKey(ip)]) {
      const entry = this.live(key);
      if (entry) entry.count += 1;
      else this.failures.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    }
    if (this.failures.size > 10_000) this.prune();
  }

  recordSuccess(ip: string, email: string): void {
    this.failures.delete(accountKey(ip, email));
  }

  private wait(key: string, max: number): number {
    const entry = this.live(key);
    return entry && entry.count >= max ? Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000)) : 0;
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

const accountKey = (ip: string, email: string) => `${ip}|${email.toLowerCase()}`;
const addressKey = (ip: string) => ip;
