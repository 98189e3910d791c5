import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  measurementOf,
  type AccountApp,
  type AccountMeasurement,
  type AppEventTag,
  type WebEventTag,
} from '../../ads/measurement';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { iso, list, paramsOf } from './params';

const webEventTagWire = (accountId: string) => (t: WebEventTag) => ({
  id: t.id,
  name: t.name,
  type: t.type,
  status: t.status,
  click_window: t.clickWindow,
  view_through_window: t.viewThroughWindow,
  retargeting_enabled: t.retargetingEnabled,
  embed_code:
    `<script>!function(e,t,n,s,u,a){e.twq||(s=e.twq=function(){s.exe?s.exe.apply(s,arguments):s.queue.push(arguments)},` +
    `s.version='1.1',s.queue=[],u=t.createElement(n),u.async=!0,u.src='https://static.ads-twitter.com/uwt.js',` +
    `a=t.getElementsByTagName(n)[0],a.parentNode.insertBefore(u,a))}(window,document,'script');` +
    `twq('config','${accountId}');twq('event','tw-${accountId}-${t.id}',{});</script>`,
  created_at: iso(t.createdAt),
  updated_at: iso(t.createdAt),
  deleted: false,
});

const appEventTagWire = (t: AppEventTag) => ({
  id: t.id,
  app_store_identifier: t.appStoreIdentifier,
  os_type: t.osType,
  conversion_type: t.conversionType,
  deep_link_scheme: t.deepLinkScheme,
  post_view_attribution_window: t.postViewWindow,
  post_engagement_attribution_window: t.postEngagementWindow,
  retargeting_enabled: t.retargetingEnabled,
  provider_app_event_id: null,
  provider_app_event_name: null,
  created_at: iso(t.createdAt),
  updated_at: iso(t.createdAt),
  deleted: false,
});

const accountAppWire = (a: AccountApp) => ({
  id: a.id,
  app_store_identifier: a.appStoreIdentifier,
  os_type: a.osType,
  created_at: iso(a.createdAt),
  updated_at: iso(a.createdAt),
  deleted: false,
});

/**
 * X Ads API v12 measurement resources, read only: `web_event_tags` (website tag conversion events),
 * `app_event_tags` and `account_apps` of an ad account the caller owns, derived from the seed
 * (ads/measurement.ts). Lists take X's `<entity>_ids`, `count` and `cursor`; unknown ids are 404.
 */
export function registerMeasurementRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const seed = ctx.platform.network.config.seed;
  const measured = (request: FastifyRequest) => {
    const account = ownedAccount(ctx, request);
    return { account, m: measurementOf(seed, account) };
  };

  const collection = <T extends { id: string }, W>(
    path: string,
    idsParam: string,
    what: string,
    items: (m: AccountMeasurement) => T[],
    wire: (accountId: string) => (item: T) => W,
  ) => {
    app.get(`/accounts/:account_id/${path}`, (request) => {
      const { account, m } = measured(request);
      const ids = list(paramsOf(request), idsParam, { max: 200 });
      const rows = items(m).filter((row) => ids.length === 0 || ids.includes(row.id));
      return page(request, rows, wire(account.id));
    });
    app.get(`/accounts/:account_id/${path}/:id`, (request) => {
      const { account, m } = measured(request);
      const id = String(paramsOf(request).id);
      const row = items(m).find((r) => r.id === id);
      if (!row) throw notFound(what);
      return one(request, wire(account.id)(row));
    });
  };

  collection('web_event_tags', 'web_event_tag_ids', 'web event tag', (m) => m.webEventTags, webEventTagWire);
  collection(
    'app_event_tags',
    'app_event_tag_ids',
    'app event tag',
    (m) => m.appEventTags,
    () => appEventTagWire,
  );
  collection(
    'account_apps',
    'account_app_ids',
    'account app',
    (m) => m.accountApps,
    () => accountAppWire,
  );
}
