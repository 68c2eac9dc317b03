import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface LoginLimits {
  /** Failed sign-ins allowed per address and email in the window; then that address is refused for that email. */
  maxFailures: number;
  windowMs: number;
  /** Per address alone, whatever the emails (default ten times maxFailures); then the address is refused. */
  maxFailuresPerAddress?: number;
  /** Failures of one email, from any address, before each attempt at it waits (default five times maxFailures). */
  slowAfter?: number;
  /** The wait grows by this for each failure past slowAfter (default 100 ms)... */
  delayStepMs?: number;
  /** ...up to this (default 2 s): the documented longest wait of a right password from a new address. */
  maxDelayMs?: number;
}

/** Expired counters are swept once per this many attempts of a process. */
const SWEEP_EVERY = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts failed sign-ins per address and email, per address alone and per email alone. The first two
 * refuse (429): one address guessing one account's password, and one address trying a common password
 * against many emails. The third never refuses, since anyone who knows an email could then keep its
 * owner out: past `slowAfter` failures each attempt at that email waits, a little longer per failure,
 * so many addresses guessing one password slow down while the owner, from an address that has not been
 * failing, still signs in after at most `maxDelayMs`. An admin's Unlock and the reset-password command
 * clear an email's counters (clearFailures).
 *
 * The counters live in the database (`login_attempts`), so every server process on one PostgreSQL
 * counts the same attempts. An attempt counts when it starts, before its password is checked, and
 * the counters' row locks make concurrent attempts take turns, so sixty attempts sent at once cannot
 * all pass while the first are being verified. An attempt over a limit is not counted (refused
 * attempts do not extend a lock-out), and a success is taken back: only failures stay counted, so an
 * admin who signs in often is never slowed, and a success clears only its own account's count
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
      slowAfter: limits.maxFailures * 5,
      delayStepMs: 100,
      maxDelayMs: 2000,
      ...limits,
    };
  }

  /**
   * Starts an attempt: 0 when it may go on (it is counted from now, and has waited what its email's
   * failures ask), or the seconds until this address may try this email again (it is not counted then).
   */
  async begin(ip: string, email: string): Promise<number> {
    const keys = this.keys(ip, email);
    const now = this.now();
    if (++this.attempts % SWEEP_EVERY === 0)
      await this.db.execute(sql`delete from login_attempts where reset_at <= ${new Date(now)}`);
    const names = keys.map(([key]) => key).sort();
    const inNames = sql.join(
      names.map((key) => sql`${key}`),
      sql`, `,
    );
    // A locked-out guess (most of a brute force) is refused on one read, without waiting for the locks.
    const refused = this.waitFor(
      keys,
      await this.db.execute(sql`select key, count, reset_at from login_attempts where key in (${inNames})`),
      now,
    );
    if (refused > 0) return refused;
    const resetAt = new Date(now + this.limits.windowMs);
    const { wait, accountFailures } = await this.db.transaction(async (tx) => {
      // The counters are made (in one order, so two attempts cannot wait on each other) and locked in
      // that order: an attempt decides on counts no other attempt is changing, and only an admitted one
      // adds to them, so a refused attempt never makes another look over a limit.
      await tx.execute(sql`insert into login_attempts (key, count, reset_at)
        values ${sql.join(
          names.map((key) => sql`(${key}, 0, ${resetAt})`),
          sql`, `,
        )} on conflict (key) do nothing`);
      const counters = await tx.execute(
        sql`select key, count, reset_at from login_attempts where key in (${inNames}) order by key for update`,
      );
      const wait = this.waitFor(keys, counters, now);
      if (wait > 0) return { wait, accountFailures: 0 };
      await tx.execute(sql`update login_attempts set
          count = case when reset_at <= ${new Date(now)} then 1 else count + 1 end,
          reset_at = case when reset_at <= ${new Date(now)} then ${resetAt} else reset_at end
        where key in (${inNames})`);
      return { wait: 0, accountFailures: this.liveCounts(counters, now).get(keys[2]![0]) ?? 0 };
    });
    if (wait > 0) return wait;
    const past = accountFailures - this.limits.slowAfter;
    if (past >= 0) await sleep(Math.min(this.limits.maxDelayMs, (past + 1) * this.limits.delayStepMs));
    return 0;
  }

  /** Each counter's count while its window lasts. */
  private liveCounts(result: unknown, now: number): Map<string, number> {
    const rows = (result as { rows: { key: string; count: number; reset_at: Date | string }[] }).rows;
    return new Map(rows.filter((row) => new Date(row.reset_at).getTime() > now).map((row) => [row.key, row.count]));
  }

  /** The seconds until the counters read allow another attempt (0 when they allow one now). */
  private waitFor(keys: [string, number][], result: unknown, now: number): number {
    const rows = (result as { rows: { key: string; count: number; reset_at: Date | string }[] }).rows;
    const found = new Map(rows.map((row) => [row.key, { count: row.count, ends: new Date(row.reset_at).getTime() }]));
    const waits = keys.flatMap(([key, limit]) => {
      const counter = found.get(key);
      return counter && counter.ends > now && counter.count >= limit
        ? [Math.max(1, Math.ceil((counter.ends - now) / 1000))]
        : [];
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
    await Promise.all(
      keys.map((key) =>
        this.db.execute(sql`update login_attempts set count = greatest(0, count - 1) where key = ${key}`),
      ),
    );
  }

  /** The counters of an attempt, each with the count that refuses it; the address-and-email one first, the email's (which never refuses) last. */
  private keys(ip: string, email: string): [string, number][] {
    const account = email.toLowerCase();
    return [
      [`${ip}|${account}`, this.limits.maxFailures],
      [`ip:${ip}`, this.limits.maxFailuresPerAddress],
      [`account:${account}`, Infinity],
    ];
  }
}

/**
 * Forgets an email's failed sign-ins, from every address: an admin's Unlock in Team, and a password
 * reset, let its owner in at once. (An address's own count, over every email, stays.)
 */
export async function clearFailures(db: Db, email: string): Promise<void> {
  const account = email.toLowerCase();
  await db.execute(sql`delete from login_attempts
    where key = ${`account:${account}`} or (position('|' in key) > 0 and substr(key, position('|' in key) + 1) = ${account})`);
}
