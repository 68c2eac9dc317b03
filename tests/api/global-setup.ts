import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DEFAULT_ADMIN } from '../../src/server/config';
import { dumpPglite, openDatabase, type Database } from '../../src/server/db/client';
import { seedStore } from '../../src/server/seed/generate';
import { DEMO_STORE, ensureAdmin } from '../../src/server/seed/prepare';
import { databaseUrl, type TestStore } from './store';

declare module 'vitest' {
  export interface ProvidedContext {
    testStore: TestStore;
  }
}

/**
 * Builds the demo store once per run: as a PGlite image each test file starts from, or, with
 * DATABASE_URL, as a template database each test file copies (files then run in parallel).
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'api-tests-'));
  const uploadsDir = join(workDir, 'uploads');
  const seed = async (database: Database) => {
    await ensureAdmin(database, DEFAULT_ADMIN);
    await seedStore(database, { ...DEMO_STORE, now: new Date(), uploadsDir });
  };
  const serverUrl = process.env.DATABASE_URL;

  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    await seed(database);
    const imagePath = join(workDir, 'store.tar');
    writeFileSync(imagePath, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
    await database.close();
    project.provide('testStore', { kind: 'pglite', imagePath, workDir });
    return () => rmSync(workDir, { recursive: true, force: true });
  }

  const template = `apparel_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, template) });
  await seed(database);
  await database.close();
  project.provide('testStore', { kind: 'postgres', serverUrl, template, workDir });
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    rmSync(workDir, { recursive: true, force: true });
  };
}
