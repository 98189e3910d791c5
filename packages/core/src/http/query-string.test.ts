import { describe, expect, it } from 'vitest';
import { buildQueryString } from './query-string';

describe('buildQueryString (SPEC §7)', () => {
  it('returns an empty string for nothing to send', () => {
    expect(buildQueryString()).toBe('');
    expect(buildQueryString(null)).toBe('');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString({ a: undefined, b: null, c: '', d: [] })).toBe('');
  });

  it('joins keys and values', () => {
    expect(buildQueryString({ a: 1, b: 'x' })).toBe('?a=1&b=x');
  });

  it('repeats keys for arrays and skips empty values inside them', () => {
    expect(buildQueryString({ ids: [1, 2, null, '', undefined, 3] })).toBe('?ids=1&ids=2&ids=3');
    expect(buildQueryString({ ids: [[1], [2, [3]]] })).toBe('?ids=1&ids=2&ids=3');
  });

  it('stringifies numbers, booleans, Dates and objects', () => {
    expect(buildQueryString({ page: 0, active: false, big: 10n })).toBe('?page=0&active=false&big=10');
    expect(buildQueryString({ since: new Date(Date.UTC(2026, 0, 2)) })).toBe(
      '?since=2026-01-02T00%3A00%3A00.000Z',
    );
    expect(buildQueryString({ filter: { a: 1 } })).toBe('?filter=%7B%22a%22%3A1%7D');
  });

  it('skips values without a query form', () => {
    expect(buildQueryString({ n: Number.NaN, d: new Date(Number.NaN), f: () => 1, s: Symbol('x') })).toBe('');
  });

  it('encodes keys and values', () => {
    expect(buildQueryString({ 'a b': 'c&d=e', q: 'café ?' })).toBe('?a%20b=c%26d%3De&q=caf%C3%A9%20%3F');
    expect(buildQueryString({ oauth_callback: 'https://app.test/login/twitter?x=1' })).toBe(
      '?oauth_callback=https%3A%2F%2Fapp.test%2Flogin%2Ftwitter%3Fx%3D1',
    );
  });

  it('keeps whitespace-only strings, which are not empty', () => {
    expect(buildQueryString({ q: ' ' })).toBe('?q=%20');
  });
});
