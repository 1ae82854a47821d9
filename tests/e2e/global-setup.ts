import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// e2e runs against the production build, as `npm start` serves it.
export default function globalSetup() {
  if (process.env.E2E_SKIP_BUILD && existsSync('dist/index.html')) return;
  execFileSync('npm', ['run', 'build:web', '--', '--logLevel', 'warn'], { stdio: 'inherit' });
}
