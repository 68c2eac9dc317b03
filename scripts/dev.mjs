// npm run dev: the store server (restarting on server changes) plus Vite's dev server, which
// proxies /api and /uploads to it (vite.config.ts). Open the URL Vite prints.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/index.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];

const stop = (signal) => children.forEach((child) => child.exitCode === null && child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
