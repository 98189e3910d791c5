import type { AppConfig } from '../lib/config';

/** SPEC §1: three deployment flavours, chosen by host name (or a query flag on a staging host). */
export type Flavour = 'dashboard' | 'pro' | 'premium';

export interface FlavourLocation {
  hostname: string;
  search: string;
}

export type FlavourConfig = Pick<AppConfig, 'proTargetingDomains' | 'premiumDomains' | 'stagingHosts'>;

const hostMatches = (hostname: string, fragments: string[]): boolean =>
  fragments.some((fragment) => fragment !== '' && hostname.includes(fragment));

export const resolveFlavour = (location: FlavourLocation, config: FlavourConfig): Flavour => {
  const hostname = location.hostname.toLowerCase();
  if (hostMatches(hostname, config.proTargetingDomains)) return 'pro';
  if (hostMatches(hostname, config.premiumDomains)) return 'premium';
  if (hostMatches(hostname, config.stagingHosts)) {
    const flag = new URLSearchParams(location.search).get('flavour');
    if (flag === 'pro' || flag === 'premium') return flag;
  }
  return 'dashboard';
};
