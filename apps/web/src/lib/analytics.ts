import type { Config as MixpanelConfig, Dict, OverridedMixpanel } from 'mixpanel-browser';
import { config } from './config';
import { getConsent, onConsentChange } from './consent';

/** SPEC §1: the thin analytics wrapper the screens call. */
export interface Analytics {
  track(event: string, properties?: Dict): void;
  trackPageView(path: string): void;
  identify(userId: string | number, properties?: Dict): void;
  reset(): void;
  register(properties: Dict): void;
  /** Whether anything is sent at all (production, a token, and the visitor's consent). */
  active(): boolean;
  /** Consent withdrawn: opt the SDK out (it drops what it has not sent) and send nothing more. */
  withdraw(): void;
}

/** What the wrapper uses of mixpanel-browser, so tests can hand it a stand-in. */
export type MixpanelClient = Pick<
  OverridedMixpanel,
  'init' | 'track' | 'track_pageview' | 'identify' | 'reset' | 'register' | 'people' | 'opt_out_tracking'
>;

export interface AnalyticsDeps {
  mode: string;
  token: string | undefined;
  /** Where the batches go (paths track, engage, groups); the service's own host by default. */
  host: string | undefined;
  consent: () => boolean;
  /** Loads the SDK; never called while the wrapper is inactive, so nothing is downloaded then. */
  load: () => Promise<MixpanelClient>;
}

/** The SDK's settings: batched requests, no automatic page views, nothing before consent. */
export const mixpanelConfig = (host: string | undefined): Partial<MixpanelConfig> => ({
  batch_requests: true,
  track_pageview: false,
  persistence: 'localStorage',
  ...(host !== undefined && { api_host: host }),
});

/**
 * SPEC §1: active only in production mode when an analytics token is configured, and (ours) only
 * once the visitor consented; otherwise every call is a no-op that sends and loads nothing. Calls made
 * while the SDK loads are kept in order and replayed.
 */
export function createAnalytics(deps: AnalyticsDeps): Analytics {
  let client: MixpanelClient | undefined;
  let loading: Promise<void> | undefined;
  const queue: ((client: MixpanelClient) => void)[] = [];
  const active = () => deps.mode === 'production' && Boolean(deps.token) && deps.consent();

  const run = (call: (client: MixpanelClient) => void) => {
    if (!active()) return;
    if (client !== undefined) {
      call(client);
      return;
    }
    queue.push(call);
    loading ??= deps.load().then(
      (sdk) => {
        sdk.init(deps.token!, mixpanelConfig(deps.host));
        client = sdk;
        for (const queued of queue.splice(0)) if (active()) queued(sdk);
      },
      () => {
        // Analytics never break the product: a blocked or failed SDK simply measures nothing.
        queue.length = 0;
        loading = undefined;
      },
    );
  };

  return {
    active,
    track: (event, properties) => run((c) => c.track(event, properties)),
    trackPageView: (path) => run((c) => c.track_pageview({ page: path })),
    identify: (userId, properties) =>
      run((c) => {
        c.identify(String(userId));
        if (properties !== undefined) c.people.set(properties);
      }),
    reset: () => run((c) => c.reset()),
    register: (properties) => run((c) => c.register(properties)),
    withdraw: () => {
      queue.length = 0;
      client?.opt_out_tracking();
    },
  };
}

/** The app's analytics (VITE_ANALYTICS_TOKEN in a production build, after consent). */
export const analytics: Analytics = createAnalytics({
  mode: config.mode,
  token: config.analyticsToken,
  host: config.analyticsHost,
  consent: () => getConsent() === 'granted',
  load: () => import('mixpanel-browser').then((module) => module.default),
});

// Consent withdrawn: the SDK (if it was loaded) stops at once, its unsent batches included.
onConsentChange((choice) => {
  if (choice === 'denied') analytics.withdraw();
});
