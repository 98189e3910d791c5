import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './language';

describe('preferredLanguage', () => {
  it('defaults to English', () => {
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage('fr-FR,de;q=0.5')).toBe('en');
  });

  it('picks Japanese when the browser prefers it', () => {
    expect(preferredLanguage('ja-JP,ja;q=0.9,en;q=0.8')).toBe('ja');
    expect(preferredLanguage('fr,ja;q=0.7,en;q=0.3')).toBe('ja');
  });

  it('respects quality values over order', () => {
    expect(preferredLanguage('ja;q=0.2,en;q=0.9')).toBe('en');
    expect(preferredLanguage('en;q=0,ja')).toBe('ja');
  });
});
