import { defineConfig } from 'drizzle-kit';

// One schema for PGlite and PostgreSQL; `npm run db:generate` writes the committed SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
