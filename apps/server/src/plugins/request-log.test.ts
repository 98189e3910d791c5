import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/** The app with its log lines captured, at `level`. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const t = await createTestApp(
    { logLevel: level },
    { logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  );
  return {
    t,
    lines,
    requestLines: () => lines.filter((l) => l.msg === 'request' || 'req' in l || 'res' in l),
  };
}

describe('request logging', () => {
  it('writes nothing per request at info when requests are fast and succeed', async () => {
    const { t, requestLines } = await appLoggingAt('info');
    try {
      for (let i = 0; i < 5; i++) await t.app.inject({ url: '/api/engine/status/' });
      await t.app.inject({ url: '/api/user/me/' }); // 403
      expect(requestLines()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('writes one concise line per request at debug', async () => {
    const { t, requestLines } = await appLoggingAt('debug');
    try {
      await t.app.inject({ url: '/api/user/me/' });
      expect(requestLines()).toEqual([
        expect.objectContaining({ msg: 'request', method: 'GET', url: '/api/user/me/', status: 403 }),
      ]);
      expect(requestLines()[0]).toHaveProperty('ms');
    } finally {
      await t.close();
    }
  });
});
