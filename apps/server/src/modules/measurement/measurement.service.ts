import type {
  AccountApp,
  AccountApps,
  AppEvent,
  AppEvents,
  HasPixel,
  TeamAdAccountQuery,
  WebEvent,
  WebEvents,
} from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import { BadRequest } from '../../errors';
import type { XAdsClient, XUserTokens } from '../../integrations/x';
import type { MeasurementRepository } from './measurement.repository';

/** SPEC §8-style field errors of the measurement routes. */
export const NOT_GRANTED = 'Connect an ad account and grant it to the team first.';
export const OWNER_RECONNECT = 'The member who granted this ad account must connect their X account again.';

export type MeasurementService = ReturnType<typeof createMeasurementService>;

/**
 * SPEC §7 has-pixel, web-events, app-events, account-apps: what X knows of a team's granted ad
 * account's conversion tracking, read on X's Ads API (the sandbox's by default) with the X token
 * of the member who granted it. Any member of the team may ask; others get the team's 404.
 */
export function createMeasurementService(deps: {
  repo: MeasurementRepository;
  teams: { access(user: UserRow, teamRef: string): Promise<{ team: { id: number } }> };
  tokensOf: (userId: number) => Promise<XUserTokens | undefined>;
  ads: Pick<XAdsClient, 'measurement'>;
  /** X's errors as the API's (503 unreachable, 400 refused or no access): ad-accounts' guard. */
  guard: <T>(run: () => Promise<T>) => Promise<T>;
}) {
  const { repo, teams, tokensOf, ads, guard } = deps;

  async function read<T extends object>(
    user: UserRow,
    query: TeamAdAccountQuery,
    what: 'web_event_tags' | 'app_event_tags' | 'account_apps',
  ): Promise<{ accountId: string; rows: T[] }> {
    const { team } = await teams.access(user, query.team);
    const grant = await repo.grantOf(team.id, query.account_id);
    if (!grant) throw new BadRequest({ account_id: [NOT_GRANTED] });
    const tokens = await tokensOf(grant.userId);
    if (!tokens) throw new BadRequest({ account_id: [OWNER_RECONNECT] });
    const rows = await guard(() => ads.measurement<T>(tokens, grant.accountId, what));
    return { accountId: grant.accountId, rows };
  }

  const webEvent = (t: WebEvent): WebEvent => ({
    id: t.id,
    name: t.name,
    type: t.type,
    status: t.status,
    click_window: t.click_window,
    view_through_window: t.view_through_window,
    retargeting_enabled: t.retargeting_enabled,
    created_at: t.created_at ?? null,
  });

  return {
    /** Whether the account has an X website tag: X lists at least one of its conversion events. */
    async hasPixel(user: UserRow, query: TeamAdAccountQuery): Promise<HasPixel> {
      const { accountId, rows } = await read<WebEvent>(user, query, 'web_event_tags');
      return {
        account_id: accountId,
        has_pixel: rows.length > 0,
        events: rows.length,
        active_events: rows.filter((t) => t.status === 'ACTIVE').length,
      };
    },

    async webEvents(user: UserRow, query: TeamAdAccountQuery): Promise<WebEvents> {
      const { accountId, rows } = await read<WebEvent>(user, query, 'web_event_tags');
      return { account_id: accountId, results: rows.map(webEvent) };
    },

    async appEvents(user: UserRow, query: TeamAdAccountQuery): Promise<AppEvents> {
      const { accountId, rows } = await read<AppEvent>(user, query, 'app_event_tags');
      return {
        account_id: accountId,
        results: rows.map((t) => ({
          id: t.id,
          app_store_identifier: t.app_store_identifier,
          os_type: t.os_type,
          conversion_type: t.conversion_type,
          deep_link_scheme: t.deep_link_scheme ?? null,
          post_view_attribution_window: t.post_view_attribution_window,
          post_engagement_attribution_window: t.post_engagement_attribution_window,
          retargeting_enabled: t.retargeting_enabled,
        })),
      };
    },

    async accountApps(user: UserRow, query: TeamAdAccountQuery): Promise<AccountApps> {
      const { accountId, rows } = await read<AccountApp>(user, query, 'account_apps');
      return {
        account_id: accountId,
        results: rows.map((a) => ({
          id: a.id,
          app_store_identifier: a.app_store_identifier,
          os_type: a.os_type,
        })),
      };
    },
  };
}
