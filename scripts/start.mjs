// npm start: build the console when dist/ is missing or older than its sources, then run the store
// server (which prints the URL and the demo credentials). Env: see README.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const staticDir = process.env.STATIC_DIR ?? 'dist';
const builtAt = (() => {
  const index = join(staticDir, 'index.html');
  return existsSync(index) ? statSync(index).mtimeMs : 0;
})();

/** Newest change among the console's sources (the server's own files do not need a rebuild). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (path === join('src', 'server')) return 0;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sourcesAt = Math.max(...['src', 'index.html', 'vite.config.ts', 'package.json'].map(newest));
if (sourcesAt > builtAt) {
  console.log(builtAt ? 'The console changed since the last build: building it...' : 'Building the console...');
  const build = spawnSync('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) console.warn('The console build failed: starting the API anyway (the page will say so).');
}

// Node itself with tsx's loader (not npx): a signal sent to npm start reaches the server, which drains and closes the database.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
