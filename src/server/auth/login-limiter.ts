export interface LoginLimits {
  /** Failed sign-ins allowed per address and email in the window. */
  maxFailures: number;
  windowMs: number;
  /** Per address alone, whatever the emails (default ten times maxFailures). */
  maxFailuresPerAddress?: number;
  /** Per email alone, whatever the addresses (default five times maxFailures). */
  maxFailuresPerAccount?: number;
}

/**
 * Counts sign-in attempts in memory, per address and email, per address alone and per email alone:
 * the first slows guessing one account's password from one address, the second one address trying a
 * common password against many emails, the third many addresses (a botnet) guessing one account.
 *
 * An attempt counts when it starts, before its password is checked, and a success takes its count
 * back: so sixty attempts sent at once cannot all pass the check while the first are still being
 * verified. Only failures stay counted, so an admin who signs in often is never locked out, and a
 * success clears only its own account's count from that address, or one known account would reset
 * the address's.
 */
export class LoginLimiter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private readonly limits: Required<LoginLimits>;

  constructor(
    limits: LoginLimits,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.limits = {
      maxFailuresPerAddress: limits.maxFailures * 10,
      maxFailuresPerAccount: limits.maxFailures * 5,
      ...limits,
    };
  }

  /**
   * Starts an attempt: 0 when it may go on (it is counted from now), or the seconds until this address
   * may try this email again (it is not counted then).
   */
  begin(ip: string, email: string): number {
    const wait = Math.max(...this.keys(ip, email).map(([key, max]) => this.wait(key, max)));
    if (wait > 0) return wait;
    for (const [key] of this.keys(ip, email)) {
      const entry = this.live(key);
      if (entry) entry.count += 1;
      else this.counts.set(key, { count: 1, resetAt: this.now() + this.limits.windowMs });
    }
    if (this.counts.size > 10_000) this.prune();
    return 0;
  }

  /** The attempt begun for this address and email signed in: it was no failure. */
  succeeded(ip: string, email: string): void {
    const [own, ...shared] = this.keys(ip, email);
    this.counts.delete(own![0]);
    for (const [key] of shared) {
      const entry = this.live(key);
      if (entry) entry.count = Math.max(0, entry.count - 1);
    }
  }

  private keys(ip: string, email: string): [string, number][] {
    const account = email.toLowerCase();
    return [
      [`${ip}|${account}`, this.limits.maxFailures],
      [`ip:${ip}`, this.limits.maxFailuresPerAddress],
      [`account:${account}`, this.limits.maxFailuresPerAccount],
    ];
  }

  private wait(key: string, max: number): number {
    const entry = this.live(key);
    return entry && entry.count >= max ? Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000)) : 0;
  }

  private live(key: string) {
    const entry = this.counts.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.counts.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}
