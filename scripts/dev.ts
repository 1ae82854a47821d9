// npm run dev: the member server on :3001 (restarting on change) behind the Vite dev server
// on :3000 (hot reload), with the same runtime config the built app would get.
import { type ChildProcess, spawn } from 'node:child_process';
import { loadConfig } from '../server/config';
import { publicRuntimeConfig } from '../server/modules/web/runtime-config';

const SERVER_PORT = '3001';
const DEV_PORT = process.env.DEV_PORT ?? '3000';
// The member server writes its links (authorize_url, images) on PUBLIC_URL: here the page Vite serves.
const env = {
  ...process.env,
  PORT: SERVER_PORT,
  HOST: '127.0.0.1',
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${DEV_PORT}`,
};
const runtimeConfig = JSON.stringify(publicRuntimeConfig(loadConfig(env)));

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { env, stdio: 'inherit' }),
  // Vite's module runner loads vite.config.ts, as `npm run build:web` does: the default loader
  // warns about every extensionless import of the contract the config reads.
  spawn('npx', ['vite', '--configLoader', 'runner', '--port', DEV_PORT, '--strictPort'], {
    env: { ...process.env, MEMBER_RUNTIME_CONFIG: runtimeConfig },
    stdio: 'inherit',
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
