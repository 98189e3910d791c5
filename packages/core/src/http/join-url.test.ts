import { describe, expect, it } from 'vitest';
import { joinUrl } from './join-url';

describe('joinUrl', () => {
  it.each([
    ['https://api.test', '/api/teams/', 'https://api.test/api/teams/'],
    ['https://api.test/', 'api/teams/', 'https://api.test/api/teams/'],
    ['https://api.test//', '/api/x', 'https://api.test/api/x'],
    ['https://api.test', '//cdn.test/x', '//cdn.test/x'],
    ['https://api.test/v2', 'users?id=1', 'https://api.test/v2/users?id=1'],
    ['', '/api/teams/', '/api/teams/'],
    ['', 'api/teams/', '/api/teams/'],
    ['/proxy/', '/api/', '/proxy/api/'],
    ['https://api.test/', '', 'https://api.test/'],
    ['', '', '/'],
    ['https://api.test', 'https://other.test/x', 'https://other.test/x'],
  ])('joinUrl(%j, %j) → %j', (root, path, url) => {
    expect(joinUrl(root, path)).toBe(url);
  });
});
