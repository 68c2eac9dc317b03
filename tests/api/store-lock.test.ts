import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { storeImage } from './store';

/** One process at a time on an on-disk embedded store (`<dataDir>.lock`). */

const root = mkdtempSync(join(tmpdir(), 'store-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dataDir = join(root, 'pglite');
const lockFile = `${dataDir}.lock`;

it('refuses a second open of the same directory until the first is closed', async () => {
  // Made from the run's store image where there is one, rather than by initdb (several CPU-seconds): the lock is
  // what is checked.
  const store = inject('testStore');
  const image = store.kind === 'pglite' ? storeImage(store.imagePath) : undefined;
  const first = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: image });
  expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
  expect(statSync(lockFile).mode & 0o777).toBe(0o600);
  await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
    /in use by another process \(pid \d+\): stop the server first/,
  );
  // A refusal leaves the holder's lock alone.
  expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
  await first.close();
  expect(existsSync(lockFile)).toBe(false);

  const again = await openDatabase({ kind: 'pglite', dataDir });
  expect((await again.query<{ one: number }>('select 1 as one'))[0]).toEqual({ one: 1 });
  await again.close();
});

it('takes over the lock of a process that is gone, or of an earlier process with this pid', async () => {
  const gone = spawnSync(process.execPath, ['-e', '']).pid!;
  for (const pid of [gone, process.pid]) {
    writeFileSync(lockFile, `${pid}\n`);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
    await database.close();
  }
  expect(existsSync(lockFile)).toBe(false);
});
