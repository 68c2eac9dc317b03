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
 * counts the same attempts. An attempt counts when it starts, before its password is checked: an
 * upsert per counter adds it and answers the new value, and the row lock makes concurrent attempts
 * take turns, so sixty attempts sent at once cannot all pass while the first are
 * being verified. An attempt over a limit is taken back at once (refused attempts do not extend a
 * lock-out), and so is a success: only failures stay counted, so an admin who signs in often is
 * never locked out, and a success clears only its own account's count from that address, or one
 * known account would reset the address's.
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
    // One counter per statement: a statement holds one row's lock, so concurrent attempts queue on each
    // counter in turn and can never deadlock over two.
    const counted = await Promise.all(keys.map(([key]) => this.count(key, now)));
    const waits = counted.flatMap((row, i) => (row.count > keys[i]![1] ? [Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now) / 1000))] : []));
    if (waits.length === 0) return 0;
    await this.takeBack(keys.map(([key]) => key));
    return Math.max(...waits);
  }

  /** The attempt begun for this address and email signed in: it was no failure. */
  async succeeded(ip: string, email: string): Promise<void> {
    const [own, ...shared] = this.keys(ip, email);
    await this.db.execute(sql`delete from login_attempts where key = ${own![0]}`);
    await this.takeBack(shared.map(([key]) => key));
  }

  /** Adds the attempt to one counter (a new window when the last has passed) and answers its new value. */
  private async count(key: string, now: number): Promise<{ count: number; reset_at: Date | string }> {
    const result = await this.db.execute(sql`
      insert into login_attempts (key, count, reset_at) values (${key}, 1, ${new Date(now + this.limits.windowMs)})
      on conflict (key) do update set
        count = case when login_attempts.reset_at <= ${new Date(now)} then 1 else login_attempts.count + 1 end,
        reset_at = case when login_attempts.reset_at <= ${new Date(now)} then excluded.reset_at else login_attempts.reset_at end
      returning count, reset_at`);
    return (result as unknown as { rows: { count: number; reset_at: Date | string }[] }).rows[0]!;
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
