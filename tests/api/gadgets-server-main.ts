/**
 * The real store API with the 'gadgets' REST resource (tests/fixtures/gadgets-server.ts) beside the
 * store's own, on PORT and HOST as the server's own entry reads them, over an in-memory PGlite holding
 * only the default admin. Started as a process of its own by startServer (tests/e2e/server-process.ts,
 * `script`); stops on SIGTERM.
 *
 * A new PGlite store takes seconds to create and migrate, so the migrated store is kept as an image
 * under node_modules/.cache, named after a hash of what it was made from; later starts load it in a
 * fraction of a second.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/server/app';
import { DEFAULT_ADMIN } from '../../src/server/config';
import { dumpPglite, openDatabase } from '../../src/server/db/client';
import { serverResources } from '../../src/server/resources';
import { ensureAdmin } from '../../src/server/seed/prepare';
import { gadgetResource } from '../fixtures/gadgets-server';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** What the image is made from: the schema and its migrations, the admin's making, PGlite itself. */
const IMAGE_SOURCES = [
  'src/server/db',
  'migrations',
  'src/server/auth/passwords.ts',
  'src/server/seed/prepare.ts',
  'node_modules/@electric-sql/pglite/package.json',
];
const CACHE_DIR = join(REPO_ROOT, 'node_modules/.cache/apparel-tests');
const IMAGE_PREFIX = 'admin-only-store-';

const filesOf = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .sort()
        .flatMap((name) => filesOf(join(path, name)))
    : [path];

/** The migrated store with the default admin and nothing else, as a PGlite image (made again when its sources change). */
async function storeImage(): Promise<Blob> {
  const key = createHash('sha256').update(JSON.stringify(DEFAULT_ADMIN));
  for (const file of IMAGE_SOURCES.flatMap((source) => filesOf(join(REPO_ROOT, source)))) {
    key.update(file.slice(REPO_ROOT.length)).update(readFileSync(file));
  }
  const image = join(CACHE_DIR, `${IMAGE_PREFIX}${key.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(image)) return new Blob([readFileSync(image)]);

  const database = await openDatabase({ kind: 'pglite' });
  await ensureAdmin(database, DEFAULT_ADMIN);
  const dump = await dumpPglite(database);
  await database.close();
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const old of readdirSync(CACHE_DIR).filter((name) => name.startsWith(IMAGE_PREFIX)))
    rmSync(join(CACHE_DIR, old), { force: true });
  // Written aside and renamed into place, so a run started meanwhile never reads half an image.
  const partial = `${image}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, image);
  return dump;
}

const workDir = mkdtempSync(join(tmpdir(), 'gadgets-app-'));
const app = await buildApp(
  {
    database: { kind: 'pglite', loadDataDir: await storeImage() },
    uploadsDir: join(workDir, 'uploads'),
    staticDir: join(workDir, 'no-console'),
    jwtSecret: randomBytes(32).toString('hex'),
    tokenTtl: '1h',
    admin: DEFAULT_ADMIN,
    seedDemo: false,
    loginLimit: { maxFailures: 1000, windowMs: 60_000 },
    logLevel: process.env.LOG_LEVEL ?? 'warn',
  },
  { resources: [...serverResources, gadgetResource] },
);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void app
    .close()
    .finally(() => rmSync(workDir, { recursive: true, force: true }))
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
