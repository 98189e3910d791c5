import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (from apps/server) writes SQL migrations that the server applies at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
