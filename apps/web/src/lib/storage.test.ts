import { describe, expect, it } from 'vitest';
import { clearAppStorage, local, saveReturnPath, session, storageKeys, takeReturnPath } from './storage';

describe('storage', () => {
  it('keeps every key under the murmur: prefix', () => {
    expect(Object.values(storageKeys).every((key) => key.startsWith('murmur:'))).toBe(true);
  });

  it('remembers the return path once and only same-site paths', () => {
    saveReturnPath('/acme/team?tab=1');
    expect(takeReturnPath()).toBe('/acme/team?tab=1');
    expect(takeReturnPath()).toBeNull();
    saveReturnPath('//evil.example/');
    saveReturnPath('https://evil.example/');
    expect(takeReturnPath()).toBeNull();
  });

  it('clears our keys from both storages but can keep the language', () => {
    local.set(storageKeys.recentTeam, 'acme');
    local.set(storageKeys.language, 'ja');
    session.set(storageKeys.oauthState, '42');
    window.localStorage.setItem('other-app', 'kept');
    clearAppStorage({ keepLanguage: true });
    expect(local.get(storageKeys.recentTeam)).toBeNull();
    expect(session.get(storageKeys.oauthState)).toBeNull();
    expect(local.get(storageKeys.language)).toBe('ja');
    expect(window.localStorage.getItem('other-app')).toBe('kept');
  });
});
