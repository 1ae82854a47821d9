#!/usr/bin/env bash
# Everything CI runs. `--after-test` skips `npm test` when the caller has just run it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--after-test" ]; then
  npm test
fi
npm run lint
npm run typecheck
# The server tests again, on a fresh PostgreSQL database that is dropped afterwards.
npx tsx scripts/with-postgres.ts npm run test:server
npm run test:e2e
# The /login JavaScript against bench/budget.json, on the build the e2e journeys just used.
npm run bench -- size
