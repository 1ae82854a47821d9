// Child process that runs one server under load, so autocannon never shares its event loop.
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { createMember } from '../server/modules/members/service';
import { abuseConfig, BENCH_MEMBER, benchConfig, LOGIN_MEMBERS } from './config';

export type ServerKind = 'member' | 'member-postgres' | 'bare' | 'abuse';

async function memberServer(
  kind: 'member' | 'member-postgres' | 'abuse',
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  // member-postgres: the database the parent created for this run (BENCH_POSTGRES_URL).
  const database = await openDatabase(
    kind === 'member-postgres' ? { databaseUrl: process.env.BENCH_POSTGRES_URL } : {},
  );
  for (const member of [BENCH_MEMBER, ...LOGIN_MEMBERS]) {
    await createMember(database.db, { ...member, isVerified: true }, new Date());
  }
  const config = kind === 'abuse' ? abuseConfig() : benchConfig();
  const app = await buildApp({ config, database, distDir: '/nonexistent-dist', logger: false });
  return { app, close: () => database.close() };
}

async function bareServer(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ ok: true }));
  return { app, close: async () => {} };
}

async function main(): Promise<void> {
  const kind = process.argv[2] as ServerKind;
  const { app, close } = kind === 'bare' ? await bareServer() : await memberServer(kind);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  process.send?.({ port: address.port });
  process.once('disconnect', () => {
    void app
      .close()
      .then(close)
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
