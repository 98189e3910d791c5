import type { FastifyBaseLogger } from 'fastify';
import type {
  CheckCustomAudiencesResult,
  CreateUploadedAudience,
  Team,
  UploadedAudience,
  UploadPermission,
} from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { TeamRow, UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { BadRequest, NotFound } from '../../errors';
import { XError, type XAdsClient, type XUserTokens } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import type { UploadRow, XAudiencesRepository } from './x-audiences.repository';
import { createSetUploads } from './set-uploads';
import {
  destinationOf,
  guardX,
  hashHandle,
  NEED_SUBSCRIPTION,
  NO_AD_ACCOUNT_ID,
  OWNER_RECONNECT,
  EMPTY_AUDIENCE,
} from './upload-guards';

export {
  ACCEPT_AGREEMENT,
  CHOOSE_TEAM,
  EMPTY_AUDIENCE,
  NEED_SUBSCRIPTION,
  NO_AD_ACCOUNT_ID,
  NOT_GRANTED,
  OWNER_RECONNECT,
} from './upload-guards';

/** How often a processing upload is asked about at most. */
const RECHECK_MS = 5_000;

/** The teams module as uploads need it (wired in modules/index.ts). */
export interface UploadTeams {
  access(user: UserRow, teamRef: string): Promise<{ team: TeamRow; membership: { level: string } }>;
  present(team: TeamRow): Promise<Team>;
}

/** A saved audience as far as uploading needs it (modules/audiences). */
export type ReadConfig = (
  user: UserRow,
  id: number,
) => Promise<{ id: number; name: string; targeting_package: TargetingPackage; team: { id: number } | null }>;

/** The ad-accounts module: the kept X token of a user. */
export type TokensOf = (userId: number) => Promise<XUserTokens | undefined>;

/**
 * Billing's answer to "may this team upload one more audience" (modules/billing: an active
 * subscription and the plan's monthly allowance), wired in modules/index.ts.
 */
export type UploadAllowance = (teamId: number) => Promise<UploadPermission>;

/** Whether a team must accept the Japanese agreement first, and whether it did. */
export interface AgreementGate {
  mustAcceptFirst(user: UserRow, team: TeamRow): Promise<boolean>;
}

export { hashHandle } from './upload-guards';

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * SPEC §5/§7 uploaded audiences: a saved audience's members become a custom audience on a team's
 * granted X ad account (hashed handles through the Ads API); X's processing is followed until the
 * audience is targetable, and the custom audience becomes a real criterion in the engine.
 */
export interface UploadSettled {
  teamId: number;
  uploadId: number;
  name: string;
  state: 'ready' | 'failed';
}

/** An upload row in the API's shape (a reach plan's push has no saved audience). */
const present = (row: UploadRow, teamSlug: string): UploadedAudience => ({
  id: row.id,
  audience_config: row.audienceConfigId,
  audience_plan: row.audiencePlanId,
  team: { id: row.teamId, slug: teamSlug },
  ad_account: { id: row.accountId, name: row.accountName },
  custom_audience_id: row.customAudienceId,
  name: row.name,
  state: row.state,
  targetable: row.targetable,
  uploaded_count: row.uploadedCount,
  audience_size: row.audienceSize,
  created: row.created.toISOString(),
  checked: row.checked.toISOString(),
});

export function createUploadsService(deps: {
  repo: XAudiencesRepository;
  teams: UploadTeams;
  readConfig: ReadConfig;
  tokensOf: TokensOf;
  agreement: AgreementGate;
  uploadAllowance: UploadAllowance;
  ads: XAdsClient;
  engine: EngineHolder;
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * An upload X finished processing: `ready` (targetable) or `failed` (too few matched to target),
   * e.g. for the team webhooks (modules/api-access).
   */
  onUploadSettled?: ((upload: UploadSettled) => void) | undefined;
}) {
  const { repo, teams, ads, engine, clock, log } = deps;

  const xGuard = <T>(run: () => Promise<T>) => guardX(log, run);

  /** Members of a package in the engine: account numbers and their handles. */
  function membersOf(pkg: TargetingPackage): { numbers: Uint32Array; handles: string[] } {
    const e = engine.get();
    const numbers = e.evaluate(pkg).accounts.toArray();
    const handles = e.describeAccounts(numbers).map((a) => a.handle);
    return { numbers, handles };
  }

  /** The engine (and its shards) learns the custom audience under its X id and name (packages name either). */
  async function register(row: Pick<UploadRow, 'customAudienceId' | 'name'>, members: ArrayLike<number>) {
    await engine.registerSet(row.customAudienceId, members);
    await engine.registerSet(row.name, members);
  }

  /** Asks X how the upload is doing; processing → ready once targetable. */
  async function follow(row: UploadRow): Promise<UploadRow> {
    const now = clock.now();
    const grant = await repo.grantOf(row.teamId, row.accountId);
    const tokens = grant && (await deps.tokensOf(grant.userId));
    if (!tokens) {
      await repo.updateUpload(row.id, { checked: now });
      return { ...row, checked: now };
    }
    try {
      const ca = await ads.customAudience(tokens, row.accountId, row.customAudienceId);
      const update = {
        targetable: ca.targetable,
        audienceSize: ca.audience_size,
        state: ca.targetable ? ('ready' as const) : row.state,
        checked: now,
        accountName: grant.name,
      };
      // Not targetable once processing is over (too few matched): failed, X says why.
      if (!ca.targetable && !ca.reasons_not_targetable.includes('PROCESSING')) update.state = 'failed';
      await repo.updateUpload(row.id, update);
      if (update.state !== row.state && (update.state === 'ready' || update.state === 'failed')) {
        deps.onUploadSettled?.({ teamId: row.teamId, uploadId: row.id, name: row.name, state: update.state });
      }
      return { ...row, ...update };
    } catch (error) {
      if (!(error instanceof XError)) throw error;
      if (error.noAccess) {
        const update = { state: 'failed' as const, targetable: false, checked: now };
        await repo.updateUpload(row.id, update);
        return { ...row, ...update };
      }
      log.warn({ err: error }, 'following an upload on X failed');
      return row;
    }
  }

  /** One round of the follow-up job: every processing upload (reach plans' pushes too). */
  async function followProcessing(): Promise<number> {
    const due = await repo.processing(new Date(clock.now().getTime() - RECHECK_MS));
    for (const row of due) await follow(row);
    return due.length;
  }

  const destination = (
    user: UserRow,
    input: { team?: string | undefined; account_id?: string | undefined },
  ) => destinationOf({ repo, teams, agreement: deps.agreement }, user, input);

  return {
    followProcessing,

    /** A reach plan pushed to X: account sets as custom audiences, upload rows (set-uploads.ts). */
    uploadSets: createSetUploads({ ...deps, xGuard, destination }),

    /** After the engine is (re)built: every upload's members are registered again. */
    async registerAll(): Promise<void> {
      await engine.ready();
      for (const row of await repo.allUploads()) {
        // A reach plan's push keeps no members of its own (its sets were composed when pushed).
        if (row.audienceConfigId === null) continue;
        try {
          const pkg = await repo.configPackage(row.audienceConfigId);
          if (pkg) await register(row, membersOf(pkg).numbers);
        } catch (error) {
          log.warn({ err: error }, 'registering an uploaded audience failed');
        }
      }
    },

    async create(user: UserRow, input: CreateUploadedAudience): Promise<UploadedAudience> {
      const { team, accountId, grant } = await destination(user, input);
      const config = await deps.readConfig(user, input.audience_config);
      const tokens = await deps.tokensOf(grant.userId);
      if (!tokens) throw new BadRequest({ account_id: [OWNER_RECONNECT] });
      const { numbers, handles } = membersOf(config.targeting_package);
      if (handles.length === 0) throw new BadRequest({ audience_config: [EMPTY_AUDIENCE] });

      const existing = await repo.findUpload(config.id, accountId);
      // A new upload spends one of the plan's monthly uploads; sending an uploaded audience again
      // (same saved audience, same ad account) refreshes its members and spends none.
      if (!existing) {
        const allowance = await deps.uploadAllowance(team.id);
        if (!allowance.allowed)
          throw new BadRequest({ non_field_errors: [allowance.reason ?? NEED_SUBSCRIPTION] });
      }
      const customAudienceId =
        existing?.customAudienceId ??
        (
          await xGuard(() =>
            ads.createCustomAudience(tokens, accountId, config.name, `Murmur audience ${config.id}`),
          )
        ).id;
      const sent = await xGuard(() =>
        ads.uploadHandleHashes(tokens, accountId, customAudienceId, handles.map(hashHandle)),
      );
      const now = clock.now();
      const values = {
        name: config.name,
        state: 'processing' as const,
        targetable: false,
        uploadedCount: sent.success_count,
        checked: now,
      };
      let row: UploadRow;
      if (existing) {
        await repo.updateUpload(existing.id, values);
        row = { ...existing, ...values };
      } else {
        row = await repo.insertUpload({
          audienceConfigId: config.id,
          teamId: team.id,
          userId: user.id,
          accountId,
          accountName: grant.name,
          customAudienceId,
          ...values,
          audienceSize: 0,
          created: now,
        });
      }
      await register(row, numbers);
      return present(row, team.slug);
    },

    /** The team's uploads; processing ones are asked about first (at most every few seconds). */
    async list(user: UserRow, teamRef: string): Promise<UploadedAudience[]> {
      const { team } = await teams.access(user, teamRef);
      const before = clock.now().getTime() - RECHECK_MS;
      const rows = await repo.uploadsOfTeam(team.id);
      const fresh = [];
      for (const row of rows)
        fresh.push(row.state === 'processing' && row.checked.getTime() <= before ? await follow(row) : row);
      return fresh.map((r) => present(r, team.slug));
    },

    async get(user: UserRow, id: number): Promise<UploadedAudience> {
      const row = await repo.getUpload(id);
      if (!row) throw new NotFound();
      await teams.access(user, String(row.teamId));
      const fresh = row.state === 'processing' ? await follow(row) : row;
      return present(fresh, row.teamSlug);
    },

    /** Deletes the custom audience on X (gone already is fine) and the upload. */
    async remove(user: UserRow, id: number): Promise<void> {
      const row = await repo.getUpload(id);
      if (!row) throw new NotFound();
      await teams.access(user, String(row.teamId));
      const grant = await repo.grantOf(row.teamId, row.accountId);
      const tokens = grant && (await deps.tokensOf(grant.userId));
      if (tokens) {
        try {
          await ads.deleteCustomAudience(tokens, row.accountId, row.customAudienceId);
        } catch (error) {
          if (!(error instanceof XError && error.noAccess))
            await xGuard(() => Promise.reject(error as Error));
        }
      }
      await repo.deleteUpload(row.id);
      await register(row, []);
    },

    /**
     * SPEC §7 check custom audiences: which of the names are targetable on the ad account, read on
     * X with the caller's token, or that of a member who granted the account to one of their teams.
     */
    async check(
      user: UserRow,
      input: { ad_account_id?: string | undefined; custom_audience_names: string[] },
    ): Promise<CheckCustomAudiencesResult> {
      if (!input.ad_account_id) throw new BadRequest({ non_field_errors: [NO_AD_ACCOUNT_ID] });
      const accountId = input.ad_account_id;
      const candidates = [user.id, ...(await repo.grantersForUser(user.id, accountId))];
      for (const userId of [...new Set(candidates)]) {
        const tokens = await deps.tokensOf(userId);
        if (!tokens) continue;
        try {
          const audiences = await ads.customAudiences(tokens, accountId);
          const key = (name: string) => name.trim().toLowerCase();
          return {
            custom_audiences: input.custom_audience_names.map((name) => ({
              name,
              targetable: audiences.some((a) => (key(a.name) === key(name) || a.id === name) && a.targetable),
            })),
          };
        } catch (error) {
          if (!(error instanceof XError && error.noAccess))
            await xGuard(() => Promise.reject(error as Error));
        }
      }
      throw new BadRequest({ ad_account_id: ['You do not have access to this ad account on X.'] });
    },
  };
}
