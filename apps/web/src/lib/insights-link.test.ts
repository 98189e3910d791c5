import { describe, expect, it } from 'vitest';
import { creatorPath, decodePackage, encodePackage, insightsPath } from './insights-link';

describe('insightsPath', () => {
  it('links a saved audience by its config id', () => {
    expect(insightsPath('acme', { config: 42 })).toBe('/acme/insights?config=42');
  });

  it('carries an unsaved package as base64url JSON, Japanese included', () => {
    const pkg = { keywords: [{ label: 'ラーメン' }], countries: [{ label: 'Japan', id: 'JP' }] };
    const path = insightsPath('acme', { package: pkg });
    const value = new URL(path, 'http://x').searchParams.get('package')!;
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePackage(value)).toEqual(pkg);
    expect(creatorPath('acme', pkg)).toBe(`/acme/creator?package=${encodePackage(pkg)}`);
  });

  it('reads a broken parameter as null', () => {
    expect(decodePackage('%%%')).toBeNull();
  });
});
