import { afterEach, describe, expect, it } from 'vitest';
import { startSessionReplay } from './session-replay';

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src);

describe('the session-replay snippet (SPEC §1, §9)', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete (window as { _hjSettings?: unknown })._hjSettings;
  });

  it('is not added without a site id or without consent', () => {
    expect(startSessionReplay({ siteId: undefined, consented: true })).toBe(false);
    expect(startSessionReplay({ siteId: '', consented: true })).toBe(false);
    expect(startSessionReplay({ siteId: '123', consented: false })).toBe(false);
    expect(scripts()).toEqual([]);
  });

  it('adds snippet version 6 once, with the site id', () => {
    expect(startSessionReplay({ siteId: '123', consented: true })).toBe(true);
    expect(startSessionReplay({ siteId: '123', consented: true })).toBe(true);
    expect(scripts()).toEqual(['https://static.hotjar.com/c/hotjar-123.js?sv=6']);
    expect((window as { _hjSettings?: unknown })._hjSettings).toEqual({ hjid: '123', hjsv: 6 });
  });
});
