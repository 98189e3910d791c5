import { describe, expect, it } from 'vitest';
import { readConfig } from '../lib/config';
import { resolveFlavour } from './flavour';

const config = readConfig({});
const at = (hostname: string, search = '') => resolveFlavour({ hostname, search }, config);

describe('resolveFlavour', () => {
  it('serves the team dashboard by default', () => {
    expect(at('localhost')).toBe('dashboard');
    expect(at('app.murmur.example')).toBe('dashboard');
  });

  it('serves the pro-targeting site on the pro-targeting domain', () => {
    expect(at('pro.localhost')).toBe('pro');
    expect(at('www.pro.localhost')).toBe('pro');
  });

  it('serves the premium suite on the premium domain', () => {
    expect(at('premium.localhost')).toBe('premium');
  });

  it('honours the flavour flag on a staging host only', () => {
    expect(at('staging.murmur.example', '?flavour=pro')).toBe('pro');
    expect(at('staging.murmur.example', '?flavour=premium')).toBe('premium');
    expect(at('staging.murmur.example', '?flavour=other')).toBe('dashboard');
    expect(at('app.murmur.example', '?flavour=pro')).toBe('dashboard');
  });

  it('reads domains from the configuration', () => {
    const custom = readConfig({
      VITE_PRO_TARGETING_DOMAIN: 'targeting.example, pro.example',
      VITE_PREMIUM_DOMAIN: 'deep.example',
      VITE_STAGING_HOSTS: 'qa.example',
    });
    expect(resolveFlavour({ hostname: 'pro.example', search: '' }, custom)).toBe('pro');
    expect(resolveFlavour({ hostname: 'deep.example', search: '' }, custom)).toBe('premium');
    expect(resolveFlavour({ hostname: 'pro.localhost', search: '' }, custom)).toBe('dashboard');
    expect(resolveFlavour({ hostname: 'qa.example', search: '?flavour=premium' }, custom)).toBe('premium');
  });
});
