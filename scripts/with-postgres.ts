// Runs a command with DATABASE_URL pointing at a fresh PostgreSQL database, then drops it.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/with-postgres.ts COMMAND [ARGS...]');
  process.exit(2);
}

const name = `member_ci_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
console.log(`PostgreSQL database ${name} created`);

let status = 1;
try {
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url.toString() } });
  status = run.status ?? 1;
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  console.log(`PostgreSQL database ${name} dropped`);
}
process.exit(status);
