// The README's test command: type-check (each tsconfig project), lint, then the unit, API and browser
// suites in one Vitest run.
// Prints a plain "N passed, N failed" closing line so any reader of the log sees the count.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const runAsync = (cmd, args) =>
  new Promise((resolve) => spawn(cmd, args, { stdio: 'inherit' }).once('exit', (code) => resolve(code ?? 1)));

// The type check and the lint read the same files and share nothing else: both at once.
// ESLint exits non-zero on errors only: warnings are printed and the run goes on.
// Both remember what they checked: tsc -b its .tsbuildinfo files (node_modules/.tmp), ESLint a cache of
// the files it passed (node_modules/.cache/eslint, keyed on each file's content and the config), so a
// second run checks only what changed (15 s of ESLint down to 2). The rules read one file at a time
// (no type-aware rule), which is what makes a per-file cache exact.
const eslintCache = ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'];
// The formatter's check runs beside them (Prettier, .prettierrc.json; its cache keyed on content too):
// `npx prettier --write .` formats the tree.
const [types, lint, format] = await Promise.all([
  runAsync('npx', ['tsc', '-b']),
  runAsync('npx', ['eslint', ...eslintCache, '.']),
  runAsync('npx', ['prettier', '--check', '--cache', '--cache-strategy', 'content', '--log-level', 'warn', '.']),
]);
if (types !== 0) console.error('Type check failed.');
if (lint !== 0) console.error('Lint failed.');
if (format !== 0) console.error('Formatting check failed: run npx prettier --write .');
if (types !== 0 || lint !== 0 || format !== 0) process.exit(1);

const report = join(mkdtempSync(join(tmpdir(), 'vitest-')), 'report.json');
const status = run('npx', [
  'vitest',
  'run',
  ...process.argv.slice(2),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (r.numTotalTests === 0) process.exit(1);
}
process.exit(status);
