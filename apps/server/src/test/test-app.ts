import type { FastifyInstance } from 'fastify';
import type { Network } from '@murmur/sandbox';
import type { User } from '@murmur/core/api';
import { buildApp } from '../app';
import type { EngineHolder } from '../engine/engine-holder';
import type { JobQueue } from '../jobs/jobs';
import type { LiveDeps } from '../live';
import { DEFAULT_LIMITS, socialConfig, stripeConfig, type Config } from '../config';
import type { ChangeFeed } from '../db/change-feed';
import type { Db } from '../db/database';
import { createCapturingMailer, type CapturingMailer } from './capturing-mailer';
import { createTestClock, type TestClock } from './test-clock';
import { createTestDatabase } from './test-database';

export const TEST_TOKENS = {
  extension: 'extension-token-for-tests',
  proTargeting: 'pro-targeting-token-for-tests',
};

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    isProduction: false,
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent/murmur-test-data',
    databaseUrl: undefined,
    databasePoolSize: 10,
    sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
    smtpUrl: undefined,
    mailFrom: 'Murmur <no-reply@murmur.test>',
    publicUrl: 'https://murmur.test',
    extensionToken: TEST_TOKENS.extension,
    proTargetingToken: TEST_TOKENS.proTargeting,
    webDist: '/nonexistent/murmur-web-dist',
    logLevel: 'silent',
    sandbox: { enabled: false, accounts: 2000, seed: undefined },
    engineSnapshot: undefined,
    engineWorkers: 0,
    engineShards: undefined,
    redisUrl: undefined,
    // Every test file signs many users in from 127.0.0.1; the limit tests set their own rates.
    limits: { ...DEFAULT_LIMITS, signInCodesPerIp: 1000, socialStartsPerIp: 1000 },
    ...socialConfig(`${overrides.publicUrl ?? 'https://murmur.test'}/sandbox`, false),
    stripe: stripeConfig(`${overrides.publicUrl ?? 'https://murmur.test'}/sandbox`, false),
    ...overrides,
  };
}

/** A signed-in test user with both kinds of credentials. */
export interface TestSession {
  user: User;
  token: string;
  /** Headers for token authentication. */
  tokenAuth: { authorization: string };
  /** Headers for cookie authentication, CSRF header included. */
  cookieAuth: { cookie: string; 'x-csrftoken': string };
  sessionKey: string;
  csrfToken: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database's change notices (what a sibling process on the same database would hear). */
  changes: ChangeFeed;
  /** The PostgreSQL database's URL when DATABASE_URL is set (another process could open it). */
  url?: string;
  mailer: CapturingMailer;
  clock: TestClock;
  config: Config;
  signIn(email: string, headers?: Record<string, string>): Promise<TestSession>;
  close(): Promise<void>;
}

/** The 6-character code from a sign-in mail (indented on its own line, see templates/sign-in-code.ts). */
export function codeFromMail(text: string): string {
  const code = /^ {4}([A-Z0-9]{6})$/m.exec(text)?.[1];
  if (!code) throw new Error(`no sign-in code in mail:\n${text}`);
  return code;
}

/** The app on a fresh database (one per test file), with a capturing mailer and a movable clock. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    sandbox?: Network;
    engine?: EngineHolder;
    jobs?: JobQueue;
    logStream?: { write(line: string): void };
    live?: LiveDeps;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const mailer = createCapturingMailer();
  const clock = createTestClock();
  const config = testConfig(overrides);
  const app = await buildApp({
    config,
    db: database.db,
    changeFeed: database.changes,
    mailer: () => mailer,
    clock,
    ...(options.sandbox && { sandbox: { network: options.sandbox } }),
    ...(options.engine && { engine: options.engine }),
    ...(options.jobs && { jobs: options.jobs }),
    ...(options.logStream && { logStream: options.logStream }),
    ...(options.live && { live: options.live }),
  });

  async function signIn(email: string, headers: Record<string, string> = {}): Promise<TestSession> {
    const requested = await app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      payload: { email },
      headers,
    });
    if (requested.statusCode !== 200) throw new Error(`magic-link request failed: ${requested.body}`);
    const { magic_code } = requested.json<{ magic_code: string }>();
    const confirm_code = codeFromMail(mailer.last(email.toLowerCase()).text);
    const used = await app.inject({
      method: 'POST',
      url: '/api/user/magic-link/use/',
      payload: { magic_code, confirm_code },
      headers,
    });
    if (used.statusCode !== 200) throw new Error(`magic-link use failed: ${used.body}`);
    const { key, user } = used.json<{ key: string; user: User }>();
    const sessionKey = used.cookies.find((c) => c.name === 'murmur_session')!.value;
    const csrfToken = used.cookies.find((c) => c.name === 'csrftoken')!.value;
    return {
      user,
      token: key,
      tokenAuth: { authorization: `Token ${key}` },
      cookieAuth: {
        cookie: `murmur_session=${sessionKey}; csrftoken=${csrfToken}`,
        'x-csrftoken': csrfToken,
      },
      sessionKey,
      csrfToken,
    };
  }

  return {
    app,
    db: database.db,
    changes: database.changes,
    ...(database.url && { url: database.url }),
    mailer,
    clock,
    config,
    signIn,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Another server over an existing test database (a restart): its own config, clock, mailer and engine. */
export const restartedApp = (db: Db, engine: EngineHolder, live?: LiveDeps): Promise<FastifyInstance> =>
  buildApp({
    config: testConfig(),
    db,
    mailer: () => createCapturingMailer(),
    clock: createTestClock(),
    engine,
    ...(live && { live }),
  });
