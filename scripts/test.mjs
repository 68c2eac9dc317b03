// The README's test command: the unit, API and browser suites in one Vitest run, with the type check
// (each tsconfig project), the lint and the format check beside it.
// Prints a plain "N passed, N failed" closing line so any reader of the log sees the count.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A command run beside the tests, its output kept to print after them (interleaved it would be unreadable). */
const check = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });

// The type check, the lint and the formatter's check read the same files and share nothing else, and
// nothing the tests read: they run beside the tests, whose first seconds (the stores, the browser) leave
// the machine's cores part idle. A failed check stops the tests at once.
// ESLint exits non-zero on errors only: warnings are printed and the run goes on.
// Both remember what they checked: tsc -b its .tsbuildinfo files (node_modules/.tmp), ESLint a cache of
// the files it passed (node_modules/.cache/eslint, keyed on each file's content and the config), so a
// second run checks only what changed (15 s of ESLint down to 2). The rules read one file at a time
// (no type-aware rule), which is what makes a per-file cache exact.
const eslintCache = ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'];
// Prettier's cache is keyed on content too (.prettierrc.json); `npx prettier --write .` formats the tree.
const checks = [
  ['Type check', 'npx', ['tsc', '-b']],
  ['Lint', 'npx', ['eslint', ...eslintCache, '.']],
  [
    'Formatting check',
    'npx',
    ['prettier', '--check', '--cache', '--cache-strategy', 'content', '--log-level', 'warn', '.'],
  ],
];

const report = join(mkdtempSync(join(tmpdir(), 'vitest-')), 'report.json');
const tests = spawn(
  'npx',
  ['vitest', 'run', ...process.argv.slice(2), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { stdio: 'inherit', detached: true },
);
const testsDone = new Promise((resolve) => tests.once('exit', (code) => resolve(code ?? 1)));
const stopTests = (signal) => {
  try {
    process.kill(-tests.pid, signal);
  } catch {
    // Already gone.
  }
};
// Vitest leads a process group of its own (so a failed check can stop it with its servers and browser):
// Ctrl-C and a CI's stop reach it through this process.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    stopTests(signal);
    process.exit(1);
  });
const failedChecks = [];
const checked = Promise.all(
  checks.map(async ([name, cmd, args]) => {
    const { code, output } = await check(cmd, args);
    if (code === 0) return output;
    failedChecks.push(name);
    // The whole group (Vitest and its workers, servers and browser).
    stopTests('SIGTERM');
    return `${name} failed:\n${output}`;
  }),
);
const [status, outputs] = await Promise.all([testsDone, checked]);
const r = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
rmSync(dirname(report), { recursive: true, force: true });
for (const output of outputs) if (output.trim()) console.log(output.trimEnd());
if (failedChecks.length > 0) {
  console.error(
    `\n${failedChecks.join(', ')} failed${failedChecks.includes('Formatting check') ? ': run npx prettier --write .' : ''}.`,
  );
  process.exit(1);
}
if (r) {
  const skipped = r.numPendingTests + r.numTodoTests;
  // A file that fails before its tests run (an import, a hook) counts no failed test: it is named apart.
  const brokenFiles = r.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed'),
  ).length;
  console.log(
    `\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}${brokenFiles ? `, ${brokenFiles} test files failed to run` : ''}`,
  );
  if (r.numTotalTests === 0) process.exit(1);
}
process.exit(status);
