import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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

  it('rejects malformed values instead of starting half-configured', () => {
    expect(() => loadConfig({ ...production, PORT: 'abc' })).toThrow(/Invalid env variables/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ ...production, SMTP_URL: 'not a url' })).toThrow(/SMTP_URL must be a URL/);
  });
});
