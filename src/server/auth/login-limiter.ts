import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface LoginLimits {
  /** Failed sign-ins allowed per address and email in the window. */
  maxFailures: number;
  windowMs: number;
  /** Per address alone, whatever the emails (default ten times maxFailures). */
  maxFailuresPerAddress?: number;
  /** Per email alone, whatever the addresses (default five times maxFailures). */
  maxFailuresPerAccount?: number;
}

/** Expired counters are swept once per this many attempts of a process. */
const SWEEP_EVERY = 500;

/**
 * Counts sign-in attempts per address and email, per address alone and per email alone: the first
 * slows guessing one account's password from one address, the second one address trying a common
 * password against many emails, the third many addresses (a botnet) guessing one account.
 *
 * The counters live in the database (`login_attempts`), so every server process on one PostgreSQL
 * counts the same attempts. An attempt counts when it starts, before its password is checked, and
 * the counters' row locks make concurrent attempts take turns, so sixty attempts sent at once cannot
 * all pass while the first are being verified. An attempt over a limit is not counted (refused
 * attempts do not extend a lock-out), and a success is taken back: only failures stay counted, so an
 * admin who signs in often is never locked out, and a success clears only its own account's count
 * from that address, or one known account would reset the address's.
 */
export class LoginLimiter {
  private readonly limits: Required<LoginLimits>;
  private attempts = 0;

  constructor(
    private readonly db: Db,
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
  async begin(ip: string, email: string): Promise<number> {
    const keys = this.keys(ip, email);
    const now = this.now();
    if (++this.attempts % SWEEP_EVERY === 0) await this.db.execute(sql`delete from login_attempts where reset_at <= ${new Date(now)}`);
    const names = keys.map(([key]) => key).sort();
    const inNames = sql.join(names.map((key) => sql`${key}`), sql`, `);
    // A locked-out guess (most of a brute force) is refused on one read, without waiting for the locks.
    const refused = this.waitFor(keys, await this.db.execute(sql`select key, count, reset_at from login_attempts where key in (${inNames})`), now);
    if (refused > 0) return refused;
    const resetAt = new Date(now + this.limits.windowMs);
    return this.db.transaction(async (tx) => {
      // The counters are made (in one order, so two attempts cannot wait on each other) and locked in
      // that order: an attempt decides on counts no other attempt is changing, and only an admitted one
      // adds to them, so a refused attempt never makes another look over a limit.
      await tx.execute(sql`insert into login_attempts (key, count, reset_at)
        values ${sql.join(names.map((key) => sql`(${key}, 0, ${resetAt})`), sql`, `)} on conflict (key) do nothing`);
      const wait = this.waitFor(keys, await tx.execute(sql`select key, count, reset_at from login_attempts where key in (${inNames}) order by key for update`), now);
      if (wait > 0) return wait;
      await tx.execute(sql`update login_attempts set
          count = case when reset_at <= ${new Date(now)} then 1 else count + 1 end,
          reset_at = case when reset_at <= ${new Date(now)} then ${resetAt} else reset_at end
        where key in (${inNames})`);
      return 0;
    });
  }

  /** The seconds until the counters read allow another attempt (0 when they allow one now). */
  private waitFor(keys: [string, number][], result: unknown, now: number): number {
    const rows = (result as { rows: { key: string; count: number; reset_at: Date | string }[] }).rows;
    const found = new Map(rows.map((row) => [row.key, { count: row.count, ends: new Date(row.reset_at).getTime() }]));
    const waits = keys.flatMap(([key, limit]) => {
      const counter = found.get(key);
      return counter && counter.ends > now && counter.count >= limit ? [Math.max(1, Math.ceil((counter.ends - now) / 1000))] : [];
    });
    return waits.length > 0 ? Math.max(...waits) : 0;
  }

  /** The attempt begun for this address and email signed in: it was no failure. */
  async succeeded(ip: string, email: string): Promise<void> {
    const [own, ...shared] = this.keys(ip, email);
    await this.db.execute(sql`delete from login_attempts where key = ${own![0]}`);
    await this.takeBack(shared.map(([key]) => key));
  }

  private async takeBack(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.db.execute(sql`update login_attempts set count = greatest(0, count - 1) where key = ${key}`)));
  }

  /** The counters of an attempt, each with its limit; the address-and-email one first. */
  private keys(ip: string, email: string): [string, number][] {
    const account = email.toLowerCase();
    return [
      [`${ip}|${account}`, this.limits.maxFailures],
      [`ip:${ip}`, this.limits.maxFailuresPerAddress],
      [`account:${account}`, this.limits.maxFailuresPerAccount],
    ];
  }
}
