/**
 * X's PLATFORM targeting values (0 iOS, 1 Android, 3 mobile web, 4 desktop; 2 was BlackBerry and is
 * kept out of the population). Accounts store the platform index they mostly use.
 */
export interface Platform {
  index: number;
  key: 'ios' | 'android' | 'mobile-web' | 'desktop';
  name: string;
  targetingValue: string;
  mobile: boolean;
}

export const PLATFORMS: readonly Platform[] = [
  { index: 0, key: 'ios', name: 'iOS', targetingValue: '0', mobile: true },
  { index: 1, key: 'android', name: 'Android', targetingValue: '1', mobile: true },
  { index: 2, key: 'mobile-web', name: 'Mobile web', targetingValue: '3', mobile: true },
  { index: 3, key: 'desktop', name: 'Desktop and laptop computers', targetingValue: '4', mobile: false },
];

/** iOS share of mobile users by country (public estimates); the rest is Android, bar a little web. */
// prettier-ignore
const IOS_SHARE: Readonly<Record<string, number>> = {
  US: 0.57, JP: 0.68, CA: 0.58, AU: 0.55, GB: 0.5, KR: 0.28, DE: 0.36, FR: 0.33, CH: 0.5, AT: 0.35,
  IE: 0.5, SA: 0.4, AE: 0.45, KW: 0.45, ES: 0.22, PT: 0.25, MX: 0.2, AR: 0.15, CL: 0.25, CO: 0.15,
  PE: 0.12, VE: 0.08, BR: 0.15, TR: 0.18, EG: 0.1, MA: 0.1, IN: 0.05, ID: 0.1, PH: 0.15, MY: 0.2,
  PK: 0.05, NG: 0.1, ZA: 0.2,
};

/** Weights over PLATFORMS for a country: about a fifth of X use is on desktop. */
export function platformWeights(countryCode: string): number[] {
  const ios = IOS_SHARE[countryCode] ?? 0.3;
  const mobile = 0.78;
  return [mobile * ios * 0.96, mobile * (1 - ios) * 0.96, mobile * 0.04, 1 - mobile];
}
