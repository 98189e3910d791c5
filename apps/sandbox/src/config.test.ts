import { describe, expect, it } from 'vitest';
import { clockFromEnv, configFromEnv, defaultAnchor, resolveConfig } from './config';

describe('sandbox config', () => {
  it('defaults to 100 000 accounts standing for about 550 million', () => {
    const config = resolveConfig();
    expect(config.accounts).toBe(100_000);
    expect(config.accounts * config.scale).toBe(550_000_000);
    expect(config.seed).toBe('murmur');
  });

  it('keeps the represented population when only the size changes', () => {
    const config = configFromEnv({ SANDBOX_ACCOUNTS: '1000000' });
    expect(config.scale).toBe(550);
  });

  it('reads seed, size, scale and history from the environment', () => {
    const config = configFromEnv({
      SANDBOX_SEED: 'abc',
      SANDBOX_ACCOUNTS: '5000',
      SANDBOX_SCALE: '10',
      SANDBOX_HISTORY_DAYS: '7',
    });
    expect(config).toMatchObject({ seed: 'abc', accounts: 5000, scale: 10, historyDays: 7 });
  });

  it('rejects nonsense with a message naming the variable', () => {
    expect(() => configFromEnv({ SANDBOX_ACCOUNTS: 'lots' })).toThrow(/SANDBOX_ACCOUNTS/);
    expect(() => configFromEnv({ SANDBOX_ACCOUNTS: '12.5' })).toThrow(/SANDBOX_ACCOUNTS/);
  });

  it('anchors history at the start of the UTC hour unless SANDBOX_ANCHOR says where', () => {
    expect(defaultAnchor(Date.UTC(2026, 10, 23, 17, 5, 30))).toBe(Date.UTC(2026, 10, 23, 17) / 1000);
    expect(configFromEnv({ SANDBOX_ANCHOR: '2026-08-01T10:30:00Z' }).now).toBe(
      Date.UTC(2026, 7, 1, 10) / 1000,
    );
    expect(() => configFromEnv({ SANDBOX_ANCHOR: 'soon' })).toThrow(/SANDBOX_ANCHOR/);
    // Real time on the wall clock's hour catches up to the wall clock; a pinned anchor or another
    // speed keeps the network's own time.
    expect(clockFromEnv({})).toEqual({ speed: 1, stepSeconds: 1, catchUpToWall: true });
    expect(clockFromEnv({ SANDBOX_ANCHOR: '2026-08-01T00:00:00Z' })).toEqual({ speed: 1, stepSeconds: 1 });
    expect(clockFromEnv({ SANDBOX_CLOCK_SPEED: '60' })).toEqual({ speed: 60, stepSeconds: 1 });
    expect(clockFromEnv({ SANDBOX_CLOCK_SPEED: '0', SANDBOX_CLOCK_STEP_SECONDS: '10' })).toEqual({
      speed: 0,
      stepSeconds: 10,
    });
    expect(() => clockFromEnv({ SANDBOX_CLOCK_SPEED: 'fast' })).toThrow(/SANDBOX_CLOCK_SPEED/);
  });
});
