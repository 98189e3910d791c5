import { combine, hashString, mix32 } from '../random/hash';
import type { AdAccount } from './types';

/**
 * X's measurement resources of an ad account (Ads API v12 "Measurement"): website tags with their
 * conversion events (`web_event_tags`), mobile app conversion events (`app_event_tags`) and the
 * apps the account advertises (`account_apps`). The sandbox has no way to create them, so each
 * account's set is derived from the seed and the account id: the same seed answers the same tags.
 * About two in three accounts have a website tag, one in three advertises apps.
 */

const DAY = 86_400;

export const WEB_EVENT_TYPES = [
  'SITE_VISIT',
  'PURCHASE',
  'DOWNLOAD',
  'SIGN_UP',
  'ADD_TO_CART',
  'CUSTOM',
] as const;
export const APP_CONVERSION_TYPES = ['INSTALL', 'SIGN_UP', 'PURCHASE', 'RE_ENGAGE', 'ADD_TO_CART'] as const;

export interface WebEventTag {
  id: string;
  name: string;
  type: (typeof WEB_EVENT_TYPES)[number];
  status: 'ACTIVE' | 'INACTIVE';
  clickWindow: number;
  viewThroughWindow: number;
  retargetingEnabled: boolean;
  createdAt: number;
}

export interface AccountApp {
  id: string;
  appStoreIdentifier: string;
  osType: 'IOS' | 'ANDROID';
  createdAt: number;
}

export interface AppEventTag {
  id: string;
  appStoreIdentifier: string;
  osType: 'IOS' | 'ANDROID';
  conversionType: (typeof APP_CONVERSION_TYPES)[number];
  deepLinkScheme: string | null;
  postViewWindow: number;
  postEngagementWindow: number;
  retargetingEnabled: boolean;
  createdAt: number;
}

export interface AccountMeasurement {
  webEventTags: WebEventTag[];
  accountApps: AccountApp[];
  appEventTags: AppEventTag[];
}

const CLICK_WINDOWS = [1, 7, 14, 30] as const;
const VIEW_WINDOWS = [0, 1, 7, 14, 30] as const;

/** A short base-36 id like X's tag ids ("o3bk1"), from a hash. */
const tagId = (h: number): string => (36 ** 4 + (h % (35 * 36 ** 4))).toString(36);

const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 20) || 'app';

const titleCase = (type: string): string =>
  type
    .toLowerCase()
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');

/** The measurement set of one ad account, the same for the same seed and account. */
export function measurementOf(seed: string, account: AdAccount): AccountMeasurement {
  const base = combine(hashString(seed), hashString(`measurement:${account.id}`));
  const draw = (what: string, n: number): number => combine(base, hashString(what)) % n;
  // Tags appear some days after the account was opened.
  const since = (what: string): number => {
    const at = account.createdAt + (1 + draw(`${what}:day`, 60)) * DAY;
    return at - (at % DAY);
  };

  const webEventTags: WebEventTag[] = [];
  if (draw('pixel', 3) !== 0) {
    const count = 1 + draw('web:count', 4);
    for (let i = 0; i < count; i++) {
      const h = combine(base, hashString(`web:${i}`));
      // The first event of a website tag is its site visit; the others vary.
      const type = i === 0 ? 'SITE_VISIT' : WEB_EVENT_TYPES[1 + (h % (WEB_EVENT_TYPES.length - 1))]!;
      webEventTags.push({
        id: tagId(mix32(h ^ 0x5bd1e995)),
        name: `${account.name} — ${titleCase(type)}${i > 1 ? ` ${i}` : ''}`,
        type,
        status: (h >>> 8) % 5 === 0 ? 'INACTIVE' : 'ACTIVE',
        clickWindow: CLICK_WINDOWS[(h >>> 12) % CLICK_WINDOWS.length]!,
        viewThroughWindow: VIEW_WINDOWS[(h >>> 16) % VIEW_WINDOWS.length]!,
        retargetingEnabled: (h >>> 20) % 2 === 0,
        createdAt: since(`web:${i}`),
      });
    }
  }

  const accountApps: AccountApp[] = [];
  const appEventTags: AppEventTag[] = [];
  if (draw('apps', 3) === 0) {
    const slug = slugOf(account.name);
    const platforms: ('IOS' | 'ANDROID')[] = [['IOS', 'ANDROID'], ['IOS'], ['ANDROID']][draw('os', 3)] as (
      'IOS' | 'ANDROID'
    )[];
    for (const osType of platforms) {
      const h = combine(base, hashString(`app:${osType}`));
      const appStoreIdentifier =
        osType === 'IOS' ? String(300_000_000 + (h % 1_400_000_000)) : `com.${slug}.app`;
      accountApps.push({ id: tagId(h), appStoreIdentifier, osType, createdAt: since(`app:${osType}`) });
      const events = 1 + (h % 3);
      for (let i = 0; i < events; i++) {
        const e = combine(h, hashString(`event:${i}`));
        appEventTags.push({
          id: tagId(mix32(e ^ 0x27d4eb2f)),
          appStoreIdentifier,
          osType,
          conversionType:
            i === 0 ? 'INSTALL' : APP_CONVERSION_TYPES[1 + (e % (APP_CONVERSION_TYPES.length - 1))]!,
          deepLinkScheme: (e >>> 10) % 2 === 0 ? `${slug}://` : null,
          postViewWindow: VIEW_WINDOWS[(e >>> 12) % VIEW_WINDOWS.length]!,
          postEngagementWindow: CLICK_WINDOWS[(e >>> 16) % CLICK_WINDOWS.length]!,
          retargetingEnabled: (e >>> 20) % 2 === 0,
          createdAt: since(`app-event:${osType}:${i}`),
        });
      }
    }
  }
  return { webEventTags, accountApps, appEventTags };
}
