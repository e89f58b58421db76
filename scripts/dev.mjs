// `npm run dev`: the server with reload (tsx watch) on :3000 and Vite on :5173, which proxies the API.
import { spawn } from 'node:child_process';

process.env.SEED_DEMO ??= '1';
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
