import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIAL_LIFETIMES, DEFAULT_LIMITS, loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://mail.example.com:587',
  PRO_TARGETING_TOKEN: 'pro-token',
};

describe('loadConfig', () => {
  it('uses development defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ env: 'development', isProduction: false, port: 3000, host: '0.0.0.0' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.engineWorkers).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ DATA_DIR: dataDir, ENGINE_WORKERS: '0' }).engineWorkers).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, ENGINE_WORKERS: '3' }).engineWorkers).toBe(3);
    expect(config.engineShards).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, ENGINE_NATS_URL: 'nats://127.0.0.1:4222' }).engineShards).toEqual({
      natsUrl: 'nats://127.0.0.1:4222',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, ENGINE_NATS_URL: 'nats://10.0.0.5:4222', ENGINE_SHARDS: '4' })
        .engineShards,
    ).toEqual({ natsUrl: 'nats://10.0.0.5:4222', shards: 4 });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
    expect(config.mailFrom).toBe('Murmur <no-reply@localhost>');
  });

  it('generates a development session secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://murmur.example/' }).publicUrl).toBe(
      'https://murmur.example',
    );
  });

  it('names every missing production setting in one message (SPEC §8)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      new Error('Missing env variables: SESSION_SECRET, SMTP_URL, PRO_TARGETING_TOKEN'),
    );
    expect(() => loadConfig({ ...production, SMTP_URL: '', PRO_TARGETING_TOKEN: undefined })).toThrow(
      new Error('Missing env variables: SMTP_URL, PRO_TARGETING_TOKEN'),
    );
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig({ ...production, DATABASE_URL: 'postgres://db/murmur', PORT: '8080' });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      sessionSecret: production.SESSION_SECRET,
      databaseUrl: 'postgres://db/murmur',
    });
  });

  it('has the documented limits by default and reads each from its variable', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).limits).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toEqual({
      jobs: { perIp: 3, perUser: 6, perTeam: 12, total: 48, abandonAfterMs: 30_000 },
      signInCodesPerIp: 20,
      socialStartsPerIp: 30,
      inviteMailsPerTeam: 50,
      inviteTtlDays: 7,
      historyRetentionDays: 400,
      historyMembersCap: 2_000_000,
      historyRunMinutes: 10,
    });
    const set = loadConfig({
      DATA_DIR: dataDir,
      JOBS_PER_IP: '1',
      JOBS_PER_USER: '2',
      JOBS_PER_TEAM: '3',
      JOBS_TOTAL: '4',
      JOBS_ABANDON_SECONDS: '5',
      SIGN_IN_CODES_PER_IP: '6',
      SOCIAL_STARTS_PER_IP: '7',
      INVITE_MAILS_PER_TEAM: '8',
      INVITE_TTL_DAYS: '9',
      HISTORY_RETENTION_DAYS: '10',
      HISTORY_MEMBERS_CAP: '11',
      HISTORY_RUN_MINUTES: '0',
    }).limits;
    expect(set).toEqual({
      jobs: { perIp: 1, perUser: 2, perTeam: 3, total: 4, abandonAfterMs: 5000 },
      signInCodesPerIp: 6,
      socialStartsPerIp: 7,
      inviteMailsPerTeam: 8,
      inviteTtlDays: 9,
      historyRetentionDays: 10,
      historyMembersCap: 11,
      historyRunMinutes: 0,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, JOBS_PER_IP: '0' })).toThrow(/Invalid env variables/);
  });

  it('has the documented credential lifetimes by default and reads each from its variable', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).credentials).toEqual(DEFAULT_CREDENTIAL_LIFETIMES);
    expect(DEFAULT_CREDENTIAL_LIFETIMES).toEqual({ sessionIdleDays: 14, tokenIdleDays: 30, maxDays: 90 });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SESSION_IDLE_DAYS: '1',
        TOKEN_IDLE_DAYS: '2',
        CREDENTIAL_MAX_DAYS: '3',
      }).credentials,
    ).toEqual({ sessionIdleDays: 1, tokenIdleDays: 2, maxDays: 3 });
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_IDLE_DAYS: '0' })).toThrow(/Invalid env variables/);
    expect(() => loadConfig({ DATA_DIR: dataDir, CREDENTIAL_MAX_DAYS: '10' })).toThrow(/CREDENTIAL_MAX_DAYS/);
  });

  it('trusts no proxy by default, even in production, and reads TRUST_PROXY as hops or addresses', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ ...production, DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7 ,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
    ]);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '1.5', '-1', '10.0.0.1,'])
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('rejects malformed values instead of starting half-configured', () => {
    expect(() => loadConfig({ ...production, PORT: 'abc' })).toThrow(/Invalid env variables/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ ...production, SMTP_URL: 'not a url' })).toThrow(/SMTP_URL must be a URL/);
    expect(() => loadConfig({ ...production, ENGINE_NATS_URL: 'http://nats:4222' })).toThrow(
      /ENGINE_NATS_URL/,
    );
    expect(() =>
      loadConfig({ ...production, ENGINE_NATS_URL: 'nats://nats:4222', ENGINE_SHARDS: '0' }),
    ).toThrow(/ENGINE_SHARDS/);
  });
  it('mounts the sandbox by default and points X and the providers at it with the dev credentials', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'http://localhost:3000/' });
    expect(config.sandbox).toEqual({ enabled: true, accounts: 100_000, seed: undefined });
    expect(config.x).toMatchObject({
      apiUrl: 'http://localhost:3000/sandbox/x/2/',
      oauthUrl: 'http://localhost:3000/sandbox/x/oauth/',
      consumerKey: 'sandboxConsumerKey0000000',
    });
    expect(config.google).toMatchObject({
      tokenUrl: 'http://localhost:3000/sandbox/google/token',
      userInfoUrl: 'http://localhost:3000/sandbox/google/v1/userinfo',
      clientId: '100000000001-sandbox.apps.googleusercontent.com',
    });
  });

  it('does not mount the sandbox in production unless SANDBOX_ENABLED=true is set explicitly', () => {
    expect(loadConfig({ ...production, DATA_DIR: tempDir() }).sandbox.enabled).toBe(false);
    expect(loadConfig({ ...production, DATA_DIR: tempDir(), SANDBOX_ENABLED: '' }).sandbox.enabled).toBe(
      false,
    );
    expect(loadConfig({ ...production, DATA_DIR: tempDir(), SANDBOX_ENABLED: 'true' }).sandbox.enabled).toBe(
      true,
    );
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).sandbox.enabled).toBe(true);
  });

  it('reads SANDBOX_* and X_* / provider settings, and has no dev credentials in production', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SANDBOX_ENABLED: 'false',
      SANDBOX_ACCOUNTS: '2000',
      SANDBOX_SEED: 'seed',
      X_API_URL: 'https://api.x.com/2/',
      X_CONSUMER_KEY: 'key',
      LINKEDIN_CLIENT_ID: 'li',
    });
    expect(config.sandbox).toEqual({ enabled: false, accounts: 2000, seed: 'seed' });
    expect(config.x.apiUrl).toBe('https://api.x.com/2/');
    expect(config.x.consumerKey).toBe('key');
    expect(config.linkedin.clientId).toBe('li');
    expect(() => loadConfig({ DATA_DIR: tempDir(), SANDBOX_ACCOUNTS: '5' })).toThrow(/Invalid env/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), X_API_URL: 'nope' })).toThrow(/X_API_URL must be a URL/);
    const prod = loadConfig({ ...production, DATA_DIR: tempDir() });
    expect(prod.x.consumerKey).toBeUndefined();
    expect(prod.facebook.clientSecret).toBeUndefined();
  });

  it('reads the Talk to X model endpoint (TALK_MODEL_*), off when unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).talkModel).toBeUndefined();
    const config = loadConfig({
      DATA_DIR: tempDir(),
      TALK_MODEL_URL: 'http://127.0.0.1:11434/v1',
      TALK_MODEL_KEY: 'k',
    });
    expect(config.talkModel).toEqual({ url: 'http://127.0.0.1:11434/v1', model: 'gpt-4o-mini', apiKey: 'k' });
    expect(() => loadConfig({ DATA_DIR: tempDir(), TALK_MODEL_URL: 'nope' })).toThrow(
      /TALK_MODEL_URL must be a URL/,
    );
  });

  it('points the live path at the mounted sandbox in development and at X in production', () => {
    const dev = loadConfig({ DATA_DIR: tempDir(), PORT: '3100' }).live;
    expect(dev).toMatchObject({
      collectorEnabled: true,
      streamUrl: 'http://127.0.0.1:3100/sandbox/x/2/',
      xPartitions: 20,
      partitions: 1,
    });
    expect(dev?.bearerToken).toMatch(/sandbox/);
    // LIVE_ENABLED: on in development with the sandbox mounted, off in tests and when asked.
    expect(dev).toMatchObject({ enabled: true, natsUrl: undefined, mountedSandbox: true });
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).live?.enabled).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), LIVE_ENABLED: 'false' }).live?.enabled).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), SANDBOX_ENABLED: 'false' }).live?.enabled).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), ENGINE_NATS_URL: 'nats://127.0.0.1:4222' }).live?.natsUrl).toBe(
      'nats://127.0.0.1:4222',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), LIVE_ENABLED: 'maybe' })).toThrow(/LIVE_ENABLED/);
    expect(dev?.snapshotSeconds).toBe(600);
    expect(loadConfig({ DATA_DIR: tempDir(), LIVE_SNAPSHOT_SECONDS: '0' }).live?.snapshotSeconds).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tempDir(), LIVE_SNAPSHOT_SECONDS: '-1' })).toThrow(
      /LIVE_SNAPSHOT_SECONDS/,
    );
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).live?.collectorEnabled).toBe(false);

    // Production without a token: no collector, the index stays as it was loaded.
    const prod = loadConfig({ ...production, DATA_DIR: tempDir() }).live;
    expect(prod).toMatchObject({
      collectorEnabled: false,
      streamUrl: 'https://api.x.com/2/',
      xPartitions: 20,
    });
    expect(prod?.bearerToken).toBeUndefined();
    expect(prod?.enabled).toBe(false);
    expect(
      loadConfig({ ...production, DATA_DIR: tempDir(), LIVE_NATS_URL: 'nats://nats:4222' }).live?.enabled,
    ).toBe(true);
    const configured = loadConfig({
      ...production,
      DATA_DIR: tempDir(),
      X_STREAM_BEARER_TOKEN: 'AAAA-enterprise',
      X_STREAM_PARTITIONS: '4',
      ENGINE_SHARDS: '3',
    }).live;
    expect(configured).toMatchObject({
      collectorEnabled: true,
      bearerToken: 'AAAA-enterprise',
      xPartitions: 4,
      partitions: 3,
    });
    expect(() => loadConfig({ ...production, DATA_DIR: tempDir(), COLLECTOR_ENABLED: 'true' })).toThrow(
      'Missing env variables: X_STREAM_BEARER_TOKEN',
    );
    expect(() => loadConfig({ ...production, DATA_DIR: tempDir(), X_STREAM_PARTITIONS: '21' })).toThrow(
      /X_STREAM_PARTITIONS/,
    );
    expect(() => loadConfig({ ...production, DATA_DIR: tempDir(), X_STREAM_URL: 'not a url' })).toThrow(
      /X_STREAM_URL/,
    );
    expect(
      loadConfig({ DATA_DIR: tempDir(), LIVE_PARTITIONS: '6', COLLECTOR_ENABLED: '0' }).live,
    ).toMatchObject({
      partitions: 6,
      collectorEnabled: false,
    });
    // The live log's stream: its own subjects unless told (a smoke run beside the machine's stream).
    expect(dev).toMatchObject({ stream: 'MURMUR_LIVE', subjectPrefix: 'murmur.live' });
    expect(loadConfig({ DATA_DIR: tempDir(), LIVE_STREAM: 'SMOKE_1' }).live).toMatchObject({
      stream: 'SMOKE_1',
      subjectPrefix: 'murmur.live.SMOKE_1',
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), LIVE_STREAM: 'S', LIVE_SUBJECT_PREFIX: 'a.b' }).live?.subjectPrefix,
    ).toBe('a.b');
    expect(() => loadConfig({ DATA_DIR: tempDir(), LIVE_STREAM: 'A.B' })).toThrow(/LIVE_STREAM/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), LIVE_SUBJECT_PREFIX: 'a.*' })).toThrow(
      /LIVE_SUBJECT_PREFIX/,
    );
  });
});
