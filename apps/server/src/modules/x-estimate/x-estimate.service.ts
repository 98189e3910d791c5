import type { XEstimate, XEstimateBody } from '@murmur/core/api';
import {
  predictXEstimate,
  xAudienceEstimate,
  type EstimateFigure,
  type XFigure,
} from '@murmur/core/sampling';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { FastifyBaseLogger } from 'fastify';
import type { GrantedAdAccount } from '../../db/granted-ad-account';
import type { UserRow } from '../../db/schema';
import { NotFound } from '../../errors';
import { XError, type XAudienceSize, type XUserTokens } from '../../integrations/x';
import { createLruCache } from '../../lib/lru-cache';
import { resolveCriteria, type PlannedCriterion, type XCriterion } from './criteria';

/** How long X may take to answer before the prediction is shown instead (ms). */
export const X_ESTIMATE_TIMEOUT_MS = 4_000;
/** X's answers are kept this long per ad account and targeting (X's own estimate moves slowly). */
export const X_ESTIMATE_CACHE = { max: 500, ttlMs: 10 * 60_000 };

export type XEstimateService = ReturnType<typeof createXEstimateService>;

export interface XEstimateDeps {
  /** Murmur's estimate of the package (build-audience's, not counted as a search again). */
  estimateOf(user: UserRow | undefined, pkg: TargetingPackage, exclusions: number[]): Promise<EstimateFigure>;
  teams: { access(user: UserRow, teamRef: string): Promise<{ team: { id: number } }> };
  grantOf(teamId: number, accountId: string | undefined): Promise<GrantedAdAccount | undefined>;
  /**
   * X's custom audiences of the team's saved audiences among `configIds` that were uploaded to the
   * ad account and are targetable there, by saved audience.
   */
  excludedOnX(teamId: number, accountId: string, configIds: readonly number[]): Promise<Map<number, string>>;
  tokensOf(userId: number): Promise<XUserTokens | undefined>;
  /** The package as X targeting criteria (campaigns' plannedCriteria). */
  planCriteria(pkg: TargetingPackage): PlannedCriterion[];
  searchCatalogue(
    tokens: XUserTokens,
    kind: string,
    q: string,
    extra?: Record<string, string>,
  ): Promise<{ name: string; targeting_value: string }[]>;
  audienceEstimate(
    tokens: XUserTokens,
    accountId: string,
    criteria: readonly XCriterion[],
  ): Promise<XAudienceSize>;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * X's audience estimate beside Murmur's (docs/API-AUDIENCES.md "X's audience estimate"): read from
 * the Ads API with the team's granted ad account (cached, with a timeout), else predicted from
 * Murmur's estimate by X's own range rule (@murmur/core/sampling x-estimate.ts).
 */
export function createXEstimateService(deps: XEstimateDeps) {
  const timeoutMs = deps.timeoutMs ?? X_ESTIMATE_TIMEOUT_MS;
  const answers = createLruCache<string, XAudienceSize>({
    ...X_ESTIMATE_CACHE,
    ...(deps.now && { now: deps.now }),
  });
  async function askX(
    tokens: XUserTokens,
    accountId: string,
    pkg: TargetingPackage,
    excluded: readonly string[],
  ): Promise<XAudienceSize> {
    const key = JSON.stringify([accountId, pkg, excluded]);
    const kept = answers.get(key);
    if (kept) return kept;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new XError('X did not answer in time.', 0)), timeoutMs);
    });
    try {
      const asked = (async () =>
        deps.audienceEstimate(tokens, accountId, [
          ...(await resolveCriteria(deps.planCriteria(pkg), (kind, q, extra) =>
            deps.searchCatalogue(tokens, kind, q, extra),
          )),
          // An excluded saved audience X knows as a custom audience of this ad account: X removes it.
          ...excluded.map((id) => ({
            targeting_type: 'CUSTOM_AUDIENCE',
            targeting_value: id,
            operator_type: 'NE' as const,
          })),
        ]))();
      // Once late, X's own failure has nobody waiting for it.
      asked.catch(() => undefined);
      const size = await Promise.race([asked, late]);
      answers.set(key, size);
      return size;
    } finally {
      clearTimeout(timer);
    }
  }

  const answer = (
    figure: XFigure,
    estimate: EstimateFigure,
    accountId: string | null,
    fallback: XEstimate['fallback'],
    notSent: number[] = [],
  ): XEstimate => ({ figure, estimate, account_id: accountId, fallback, exclusions_not_sent: notSent });

  return {
    async estimate(user: UserRow, body: XEstimateBody): Promise<XEstimate> {
      const pkg = body.targeting_package;
      // The team is checked before the engine is asked: another team's ad account is a 404 at once.
      let grant: (GrantedAdAccount & { teamId: number }) | undefined;
      if (body.team !== undefined) {
        const { team } = await deps.teams.access(user, body.team);
        const granted = await deps.grantOf(team.id, body.account_id);
        grant = granted && { ...granted, teamId: team.id };
        // An ad account named but not granted to this team (another team's): as if it did not exist.
        if (!grant && body.account_id !== undefined) throw new NotFound();
      } else if (body.account_id !== undefined) {
        throw new NotFound();
      }
      const estimate = await deps.estimateOf(user, pkg, body.exclusions);
      const predicted = predictXEstimate(estimate);
      if (!grant) return answer(predicted, estimate, null, 'no_ad_account');
      const tokens = await deps.tokensOf(grant.userId);
      if (!tokens) return answer(predicted, estimate, null, 'no_ad_account');
      const exclusions = [...new Set(body.exclusions)];
      const onX = await deps.excludedOnX(grant.teamId, grant.accountId, exclusions);
      const notSent = exclusions.filter((id) => !onX.has(id));
      try {
        const size = await askX(tokens, grant.accountId, pkg, [...onX.values()].sort());
        return answer(xAudienceEstimate(size), estimate, grant.accountId, null, notSent);
      } catch (error) {
        if (!(error instanceof XError)) throw error;
        deps.log.warn({ err: error }, 'X audience estimate failed; the prediction is shown');
        return answer(predicted, estimate, grant.accountId, 'x_failed');
      }
    },
  };
}
