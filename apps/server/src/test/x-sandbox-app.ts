import type { FastifyInstance } from 'fastify';
import type { Network, SandboxPluginOptions } from '@murmur/sandbox';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createCapturingMailer, type CapturingMailer } from './capturing-mailer';
import { createTestClock } from './test-clock';
import { createTestDatabase } from './test-database';
import { testConfig } from './test-app';

/**
 * The app with the sandbox mounted and its X options (rate limits, window) as a test sets them,
 * on a fresh database; the caller listens on a port so X's API is really called over HTTP.
 */
export async function createXSandboxApp(
  overrides: Partial<Config>,
  sandbox: { network: Network; x?: SandboxPluginOptions['x'] },
): Promise<{ app: FastifyInstance; db: Db; mailer: CapturingMailer; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const mailer = createCapturingMailer();
  const app = await buildApp({
    config: testConfig(overrides),
    db: database.db,
    mailer: () => mailer,
    clock: createTestClock(),
    sandbox: { network: sandbox.network, ...(sandbox.x && { x: sandbox.x }) },
  });
  return {
    app,
    db: database.db,
    mailer,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
