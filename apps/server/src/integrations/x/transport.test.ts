import { describe, expect, it } from 'vitest';
import { sandboxBaseFor } from './transport';

describe('sandboxBaseFor (which X the client talks to)', () => {
  it('takes every spelling of the real X API as the real X (deviation 1)', () => {
    for (const url of [
      'https://api.x.com/2/',
      'https://api.x.com/2',
      'https://API.X.COM/2/',
      'https://api.twitter.com/2/',
      'https://api.twitter.com/2',
    ])
      expect(sandboxBaseFor(url), url).toBeUndefined();
  });

  it('takes any other host as a sandbox mounted at the grandparent of …/x/2/', () => {
    expect(sandboxBaseFor('http://localhost:3000/sandbox/x/2/')).toBe('http://localhost:3000/sandbox');
    expect(sandboxBaseFor('http://127.0.0.1:4100/x/2')).toBe('http://127.0.0.1:4100');
    expect(sandboxBaseFor('https://x.example.test/x/2/')).toBe('https://x.example.test');
  });
});
