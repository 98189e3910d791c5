import { describe, expect, it } from 'vitest';
import { manifestFor, settingsFrom } from './manifest';

const manifest = (env: Parameters<typeof settingsFrom>[0]) => manifestFor(settingsFrom(env, '0.2.0'));

describe('the extension manifest', () => {
  it('matches only the dashboard’s configured origin by default, port included', () => {
    const m = manifest({});
    expect(m.host_permissions).toEqual(['http://localhost:3000/*']);
    expect(m.content_scripts[0]).toMatchObject({
      matches: ['http://localhost:3000/*'],
      exclude_matches: ['http://localhost:3000/sandbox/*'],
      js: ['content-murmur.js'],
    });
    expect(m.content_scripts[1]!.matches).toEqual([
      'https://ads.x.com/*',
      'http://localhost:3000/sandbox/ads-manager/*',
    ]);
    // No pattern without a port on a local host: Chrome would match every port of it.
    const patterns = [...m.host_permissions, ...m.content_scripts.flatMap((c) => c.matches)];
    expect(patterns.filter((p) => /^http:\/\/(localhost|127\.0\.0\.1)\//.test(p))).toEqual([]);
  });

  it('follows PUBLIC_URL, or the origins given', () => {
    expect(manifest({ PUBLIC_URL: 'https://app.murmur.example/' }).host_permissions).toEqual([
      'https://app.murmur.example/*',
    ]);
    const m = manifest({
      MURMUR_ORIGINS: 'https://app.murmur.example, https://pro.murmur.example:8443/some/path',
      ADS_MANAGER_MATCHES: 'https://ads.x.com/*',
    });
    expect(m.content_scripts[0]!.matches).toEqual([
      'https://app.murmur.example/*',
      'https://pro.murmur.example:8443/*',
    ]);
    expect(m.content_scripts[1]!.matches).toEqual(['https://ads.x.com/*']);
  });

  it('refuses what is not an http(s) origin', () => {
    expect(() => manifest({ MURMUR_ORIGINS: 'localhost' })).toThrow(/Not a URL/);
    expect(() => manifest({ MURMUR_ORIGINS: 'file:///etc' })).toThrow(/Not an http\(s\) origin/);
  });
});
