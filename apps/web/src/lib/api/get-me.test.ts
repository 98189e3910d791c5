import { afterEach, describe, expect, it } from 'vitest';
import { personalStore } from '../personal-store';
import { surelySignedOut } from './get-me';

describe('surelySignedOut', () => {
  afterEach(() => personalStore.clear());

  it('is true without the session’s csrftoken cookie and without a personal token: no 403 to ask for', () => {
    expect(surelySignedOut('', 'localhost')).toBe(true);
    expect(surelySignedOut('consent=granted; other=1', 'localhost')).toBe(true);
  });

  it('is false with the cookie of a browser session', () => {
    expect(surelySignedOut('consent=granted; csrftoken=abc', 'localhost')).toBe(false);
  });

  it('is false with a personal (pro-targeting) token, which signs in without cookies', () => {
    personalStore.set({ token: 'pro.key' });
    expect(surelySignedOut('', 'localhost')).toBe(false);
  });
});
