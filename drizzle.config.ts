import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the generated tables and the hand-written internal ones; codegen/cli.ts runs it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./generated/db/schema.ts', './src/server/db/internal-schema.ts'],
  out: process.env.WMS_MIGRATIONS_OUT ?? './generated/db/migrations',
});
