import type { TeamRow, UserRow } from '../../db/schema';
import { BadRequest, Forbidden, NotFound, ServiceUnavailable, TooManyRequests } from '../../errors';
import type { EngineHolder } from '../../engine/engine-holder';
import { XError, type XUserTokens, type XAdsCampaignClient } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import { mayChange, ONLY_CREATOR_OR_ADMIN } from '../../lib/team-rule';
import type { CampaignRow, CampaignsRepository, MediaRow } from './campaigns.repository';
import type { MediaUrls } from './campaign-presenters';
import type { DeliveryMilestone } from './delivery-milestones';

/** The team behind a reference, for its members (modules/teams). */
export interface TeamAccess {
  access(user: UserRow, teamRef: string): Promise<{ team: TeamRow; membership: { level: string } }>;
}
/** A team member's level on a team, or undefined for non-members (modules/teams). */
export type MembershipOf = (userId: number, teamId: number) => Promise<{ level: string } | undefined>;
/** The X user token of a user (kept by the ad-accounts module), or undefined. */
export type XTokensOf = (userId: number) => Promise<XUserTokens | undefined>;

/** What the campaigns service and its parts depend on (wired in ./index.ts). */
export interface CampaignsDeps {
  repo: CampaignsRepository;
  teams: TeamAccess;
  membershipOf: MembershipOf;
  tokensOf: XTokensOf;
  ads: XAdsCampaignClient;
  engine: EngineHolder;
  mediaUrls: MediaUrls;
  /** Where X fetches a media file from (our public URL of it). */
  publicMediaUrl: (row: MediaRow) => string;
  clock: Clock;
  /** Told when a sync finds a campaign's delivery past a milestone (delivery-milestones.ts). */
  onMilestone?: ((milestone: DeliveryMilestone) => void) | undefined;
}

export const CONNECT_GRANTOR = 'Connect the X account that owns this ad account first.';
export const NOT_GRANTED = 'This ad account is not granted to the team.';

/** SPEC §6 access to campaigns: members read; team admins and the campaign's creator change it. */
export function createCampaignAccess(deps: Pick<CampaignsDeps, 'repo' | 'membershipOf'>) {
  const { repo } = deps;
  /** A campaign of one of the caller's teams (404 otherwise), with whether they may change it. */
  async function readable(user: UserRow, id: number) {
    const found = await repo.findCampaign(id);
    const membership = found && (await deps.membershipOf(user.id, found.campaign.teamId));
    if (!found || !membership) throw new NotFound();
    return {
      found,
      canWrite: mayChange({ userId: user.id, level: membership.level }, found.campaign.createdBy),
    };
  }
  async function writable(user: UserRow, id: number) {
    const { found, canWrite } = await readable(user, id);
    if (!canWrite) throw new Forbidden(ONLY_CREATOR_OR_ADMIN);
    return found;
  }
  async function teamMember(user: UserRow, teamId: number) {
    const membership = await deps.membershipOf(user.id, teamId);
    if (!membership) throw new NotFound();
    return membership;
  }
  return { readable, writable, teamMember };
}
export type CampaignAccess = ReturnType<typeof createCampaignAccess>;

/** X's refusals as SPEC §8 bodies: 429 with a wait, 503 unreachable, 400 otherwise. */
export function xError(error: unknown): Error {
  if (!(error instanceof XError)) return error as Error;
  if (error.status === 429) return new TooManyRequests(error.message, 60);
  if (error.status === 0 || error.status >= 500) return new ServiceUnavailable(error.message);
  return new BadRequest({ non_field_errors: [error.message] });
}

export async function xCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw xError(error);
  }
}

/** The X token of the member who granted the campaign's ad account to the team. */
export function grantorTokensOf(deps: Pick<CampaignsDeps, 'repo' | 'tokensOf'>) {
  return async (c: CampaignRow): Promise<XUserTokens> => {
    const grant = await deps.repo.grantOf(c.teamId, c.adAccountId);
    if (!grant) throw new BadRequest({ ad_account_id: [NOT_GRANTED] });
    const tokens = await deps.tokensOf(grant.userId);
    if (!tokens) throw new BadRequest({ non_field_errors: [CONNECT_GRANTOR] });
    return tokens;
  };
}
