import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LoginLimits } from './auth/login-limiter';
import type { DatabaseChoice } from './db/client';
import type { UpkeepTiming } from './db/upkeep';
import type { HeavyRequestLimits } from './heavy-requests';
import { DEFAULT_READ_CACHE, type ReadCacheLimits } from './read-cache';
import { DEFAULT_LOW_STOCK_AT } from '../domain';

export interface ServerConfig {
  database: DatabaseChoice;
  /** Uploaded and generated images live here and are served under /uploads/. */
  uploadsDir: string;
  /** The built console; GETs outside /api and /uploads fall back to its index.html. */
  staticDir: string;
  jwtSecret: string;
  /** jose duration, e.g. '12h'. */
  tokenTtl: string;
  /** The first admin, created when the store has none (an existing admin's password is never overwritten). */
  admin: { email: string; password: string };
  /** On a store with no products and no orders, fill it with the demo data. */
  seedDemo: boolean;
  /** Failed sign-ins allowed per address and email, per address and per email in the window. */
  loginLimit: LoginLimits;
  /**
   * Whose X-Forwarded-For to believe: off by default, so a client cannot pick its own address. A number
   * of proxy hops in front, or the proxies' addresses or ranges: the client is the right-most address
   * that no trusted proxy added (Fastify's trustProxy). `true` is one hop, the proxy the server talks to:
   * the client is the address that proxy wrote, and whatever the client wrote to its left is ignored.
   */
  trustProxy?: boolean | number | string;
  /** When the embedded store vacuums and analyses itself (db/upkeep.ts; default DEFAULT_UPKEEP). */
  upkeep?: UpkeepTiming;
  /** How much the read cache keeps (read-cache.ts; default DEFAULT_READ_CACHE, READ_CACHE_MB). */
  readCache?: ReadCacheLimits;
  /** How many whole lists and exports run at once, per account and in all (heavy-requests.ts). */
  heavyRequests?: HeavyRequestLimits;
  /** false (AUDIT_LOG=off): the audit log is not written, for measuring its cost only. */
  audit?: boolean;
  /** Days a deleted record waits in the trash before it goes for good (TRASH_RETENTION_DAYS; default 30). */
  trashRetentionDays?: number;
  /** Days the audit log keeps its rows (AUDIT_RETENTION_DAYS); none: for ever. */
  auditRetentionDays?: number | null;
  /** Where a SKU without its own line counts as low on stock (LOW_STOCK_AT; default the count cards' line). */
  lowStockAt?: number;
  /** Fastify (pino) log level; 'silent' in tests. */
  logLevel: string;
  /** Origins besides our own the console may call (the image host it was built for), for the CSP's connect-src. */
  extraConnectSources?: string[];
  /** The shop's own address (STOREFRONT_URL): banner links that are storefront paths open under it. */
  storefrontUrl?: string;
}

export const DEFAULT_ADMIN = { email: 'admin@example.com', password: 'admin123' } as const;

/** Shorter secrets can be guessed offline from any one token; 32 characters of base64 is 192 bits. */
const MIN_SECRET_LENGTH = 32;

/**
 * The secret is made once per data directory, so tokens survive restarts without a constant in the code.
 * It is written to a temporary file and renamed into place, so a crash mid-write never leaves an empty secret.
 */
function jwtSecretFor(dataDir: string): string {
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= MIN_SECRET_LENGTH) return kept;
  }
  const secret = randomBytes(48).toString('base64url');
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, secret, { mode: 0o600 });
  renameSync(partial, file);
  return secret;
}

function jwtSecretFrom(env: NodeJS.ProcessEnv, dataDir: string, workers: number): string {
  const given = env.JWT_SECRET;
  // Every process must sign and check tokens with one secret, and one kept on a disk is not shared.
  if (!given && workers > 1)
    throw new Error(
      'JWT_SECRET is required when WORKERS is more than 1 (every process must sign with the same secret)',
    );
  if (!given) return jwtSecretFor(dataDir);
  if (given.length < MIN_SECRET_LENGTH)
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  return given;
}

/** jose's duration syntax ('30m', '12h', '7d'); checked at start so a typo cannot turn every sign-in into a 500. */
function tokenTtlFrom(env: NodeJS.ProcessEnv): string {
  const ttl = env.TOKEN_TTL ?? '12h';
  if (!/^\d+(\.\d+)? ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)$/i.test(ttl)) {
    throw new Error(`TOKEN_TTL must be a duration such as 30m, 12h or 7d (got "${ttl}")`);
  }
  return ttl;
}

/** TRUST_PROXY: 'true' (one proxy), a number of hops, or a comma-separated list of proxy addresses or CIDR ranges. */
function trustProxyFrom(env: NodeJS.ProcessEnv): NonNullable<ServerConfig['trustProxy']> {
  const value = env.TRUST_PROXY?.trim() ?? '';
  if (value === '' || /^(false|0|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** READ_CACHE_MB: the read cache's bound in megabytes (0 keeps nothing). */
function readCacheFrom(env: NodeJS.ProcessEnv): ReadCacheLimits {
  const value = env.READ_CACHE_MB?.trim();
  if (!value) return DEFAULT_READ_CACHE;
  if (!/^\d+$/.test(value) || Number(value) > 65_536)
    throw new Error(`READ_CACHE_MB must be a whole number of megabytes from 0 to 65536 (got "${value}")`);
  return { ...DEFAULT_READ_CACHE, maxBytes: Number(value) * 1024 * 1024 };
}

/** AUDIT_RETENTION_DAYS: how many days the audit log keeps its rows; unset or 'forever' keeps them all. */
function auditRetentionFrom(env: NodeJS.ProcessEnv): number | null {
  const value = env.AUDIT_RETENTION_DAYS?.trim();
  if (!value || value === 'forever') return null;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 36_500)
    throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500, or forever (got "${value}")`);
  return Number(value);
}

export const DEFAULT_TRASH_DAYS = 30;

/** One day in milliseconds: what the retention settings and the demo data's dates count in. */
export const DAY_MS = 86_400_000;

/** TRASH_RETENTION_DAYS: how many days a deleted record can be restored from the trash. */
function trashRetentionFrom(env: NodeJS.ProcessEnv): number {
  const value = env.TRASH_RETENTION_DAYS?.trim();
  if (!value) return DEFAULT_TRASH_DAYS;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 3650)
    throw new Error(`TRASH_RETENTION_DAYS must be a whole number of days from 1 to 3650 (got "${value}")`);
  return Number(value);
}

/** LOW_STOCK_AT: a whole number of units, at or below which a SKU's available units raise a low-stock alert. */
function lowStockAtFrom(env: NodeJS.ProcessEnv): number {
  const value = env.LOW_STOCK_AT?.trim();
  if (!value) return DEFAULT_LOW_STOCK_AT;
  if (!/^\d+$/.test(value) || Number(value) > 1_000_000)
    throw new Error(`LOW_STOCK_AT must be a whole number of units from 0 to 1000000 (got "${value}")`);
  return Number(value);
}

/** WORKERS: how many server processes share the port (Node's cluster); more than one needs PostgreSQL. */
function workersFrom(env: NodeJS.ProcessEnv): number {
  const value = env.WORKERS?.trim() || '1';
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64)
    throw new Error(`WORKERS must be a whole number from 1 to 64 (got "${value}")`);
  const workers = Number(value);
  if (workers > 1 && !env.DATABASE_URL)
    throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');
  return workers;
}

/** The origin of the image host the console was built to upload to (VITE_IMAGE_UPLOAD_URL), if any. */
function imageHostOrigin(env: NodeJS.ProcessEnv): string[] {
  const url = env.VITE_IMAGE_UPLOAD_URL;
  if (!url || url.startsWith('/')) return [];
  return [new URL(url).origin];
}

/** STOREFRONT_URL: an http(s) address, kept without its trailing slash so a path joins it with one. */
function storefrontUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.STOREFRONT_URL?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol))
    throw new Error(`STOREFRONT_URL must be an http:// or https:// address (got "${value}")`);
  return url.href.replace(/\/+$/, '');
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig & { port: number; host: string; workers: number } {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const workers = workersFrom(env);
  // The store, its token secret and its uploads: readable by the owner only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '::',
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    workers,
    // Several machines behind a load balancer must see one directory here (a shared volume).
    uploadsDir: env.UPLOADS_DIR ? resolve(env.UPLOADS_DIR) : join(dataDir, 'uploads'),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    jwtSecret: jwtSecretFrom(env, dataDir, workers),
    tokenTtl: tokenTtlFrom(env),
    admin: {
      email: env.ADMIN_EMAIL ?? DEFAULT_ADMIN.email,
      password: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN.password,
    },
    seedDemo: env.SEED_DEMO !== 'false',
    loginLimit: { maxFailures: 10, windowMs: 15 * 60 * 1000 },
    trustProxy: trustProxyFrom(env),
    readCache: readCacheFrom(env),
    auditRetentionDays: auditRetentionFrom(env),
    audit: env.AUDIT_LOG?.trim() !== 'off',
    trashRetentionDays: trashRetentionFrom(env),
    lowStockAt: lowStockAtFrom(env),
    logLevel: env.LOG_LEVEL ?? 'warn',
    extraConnectSources: imageHostOrigin(env),
    storefrontUrl: storefrontUrlFrom(env),
  };
}
