import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseChoice } from './db/client';

export interface ServerConfig {
  database: DatabaseChoice;
  /** Uploaded and generated images live here and are served under /uploads/. */
  uploadsDir: string;
  /** The built console; GETs outside /api and /uploads fall back to its index.html. */
  staticDir: string;
  jwtSecret: string;
  /** jose duration, e.g. '12h'. */
  tokenTtl: string;
  admin: { email: string; password: string };
  /** On a store with no products and no orders, fill it with the demo data. */
  seedDemo: boolean;
  loginLimit: { maxFailures: number; windowMs: number };
  /** Fastify (pino) log level; 'silent' in tests. */
  logLevel: string;
}

export const DEFAULT_ADMIN = { email: 'admin@example.com', password: 'admin123' } as const;

/** The secret is made once per data directory, so tokens survive restarts without a constant in the code. */
function jwtSecretFor(dataDir: string): string {
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig & { port: number; host: string } {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '::',
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    uploadsDir: join(dataDir, 'uploads'),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    jwtSecret: env.JWT_SECRET || jwtSecretFor(dataDir),
    tokenTtl: env.TOKEN_TTL ?? '12h',
    admin: {
      email: env.ADMIN_EMAIL ?? DEFAULT_ADMIN.email,
      password: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN.password,
    },
    seedDemo: env.SEED_DEMO !== 'false',
    loginLimit: { maxFailures: 10, windowMs: 15 * 60 * 1000 },
    logLevel: env.LOG_LEVEL ?? 'warn',
  };
}
