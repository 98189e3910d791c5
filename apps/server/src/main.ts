import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { generateNetwork, type Network } from '@murmur/sandbox';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { createDatabase, type Database } from './db/database';
import { createMailer, type Mailer } from './integrations/mail';

export interface StartOptions {
  /** Environment to read instead of process.env. */
  env?: NodeJS.ProcessEnv;
  /** Settings to force after reading the environment (e2e tests: port 0, a temp DATA_DIR, …). */
  config?: Partial<Config>;
  /** A mailer to use instead of SMTP / the log (e2e tests capture sign-in codes). */
  mailer?: Mailer;
}

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** The address actually bound, e.g. http://127.0.0.1:40123. */
  url: string;
  close(): Promise<void>;
}

/** config → database (+ migrations) → mailer → app → listen. Usable in-process by e2e tests. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config: Config = { ...loadConfig(options.env), ...options.config };
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pg'),
  });
  let app: FastifyInstance;
  let network: Network | undefined;
  let generationSeconds = 0;
  try {
    if (config.sandbox.enabled) {
      const started = performance.now();
      network = generateNetwork({
        accounts: config.sandbox.accounts,
        ...(config.sandbox.seed !== undefined && { seed: config.sandbox.seed }),
      });
      generationSeconds = (performance.now() - started) / 1000;
    }
    app = await buildApp({
      config,
      db: database.db,
      mailer: (log) => options.mailer ?? createMailer(config, log),
      ...(network && { sandbox: { network } }),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  if (network) {
    app.log.info(
      `Sandbox network of ${config.sandbox.accounts} accounts generated in ${generationSeconds.toFixed(1)} s, served under /sandbox`,
    );
  }
  const url = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Murmur is listening on ${url} (public URL ${config.publicUrl}, database: ${database.kind})`);
  let closing: Promise<void> | undefined;
  // The app first, so that in-flight requests finish before their database goes away.
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      await database.close();
    })());
  return { app, config, database, url, close };
}

async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer();
  } catch (error) {
    // SPEC §8: 'Missing env variables: …' and other start-up problems, then exit 1.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const shutdown = (signal: NodeJS.Signals) => {
    server.app.log.info(`${signal} received, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
