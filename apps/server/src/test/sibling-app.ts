import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import type { TestApp } from './test-app';

/** A second server process on the test app's database, mailer and clock (multi-process tests). */
export function buildSiblingApp(t: TestApp, deps: Partial<AppDeps> = {}): Promise<FastifyInstance> {
  return buildApp({ config: t.config, db: t.db, mailer: () => t.mailer, clock: t.clock, ...deps });
}
