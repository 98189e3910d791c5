import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hasActiveSubscription } from '@murmur/core/billing';
import { BadRequest } from '../../errors';
import { XError } from '../../integrations/x';
import type { TeamRow, UserRow } from '../../db/schema';
import type { XAudiencesRepository } from './x-audiences.repository';

/** SPEC §5 / §8 texts. */
export const NEED_SUBSCRIPTION = 'You need an active subscription to upload audiences to X.';
export const NO_AD_ACCOUNT_ID = 'No ad account id provided';
export const CHOOSE_TEAM = 'Choose a team first.';
export const NOT_GRANTED = 'Connect an ad account and grant it to the team first.';
export const OWNER_RECONNECT = 'The member who granted this ad account must connect their X account again.';
export const EMPTY_AUDIENCE = 'This audience has no accounts to upload.';
export const ACCEPT_AGREEMENT = 'Accept the Japanese agreement before uploading audiences.';

/** X's normalisation before hashing a handle: lower case, no leading @; SHA-256 hex. */
export const hashHandle = (handle: string) =>
  createHash('sha256').update(handle.trim().toLowerCase().replace(/^@/, ''), 'utf8').digest('hex');

/** An X Ads API failure as the API's 400 (SPEC §8): no access to the account, or try again later. */
export async function guardX<T>(log: FastifyBaseLogger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof XError)) throw error;
    log.warn({ err: error }, 'X Ads API call failed');
    if (error.noAccess) throw new BadRequest({ account_id: [NOT_GRANTED] });
    throw new BadRequest({
      non_field_errors: ['X could not take the upload right now. Please try again later.'],
    });
  }
}

/**
 * The team's granted ad account an upload goes to, once every SPEC §5 condition holds (a team, an ad
 * account id, an active subscription, the grant, the Japanese agreement), in that order.
 */
export async function destinationOf(
  deps: {
    repo: XAudiencesRepository;
    teams: {
      access(user: UserRow, teamRef: string): Promise<{ team: TeamRow }>;
      present(team: TeamRow): Promise<Parameters<typeof hasActiveSubscription>[0]>;
    };
    agreement: { mustAcceptFirst(user: UserRow, team: TeamRow): Promise<boolean> };
  },
  user: UserRow,
  input: { team?: string | undefined; account_id?: string | undefined },
) {
  if (!input.team) throw new BadRequest({ team: [CHOOSE_TEAM] });
  const { team } = await deps.teams.access(user, input.team);
  if (!input.account_id) throw new BadRequest({ non_field_errors: [NO_AD_ACCOUNT_ID] });
  const accountId = input.account_id;
  if (!hasActiveSubscription(await deps.teams.present(team)))
    throw new BadRequest({ non_field_errors: [NEED_SUBSCRIPTION] });
  const grant = await deps.repo.grantOf(team.id, accountId);
  if (!grant) throw new BadRequest({ account_id: [NOT_GRANTED] });
  if (await deps.agreement.mustAcceptFirst(user, team))
    throw new BadRequest({ non_field_errors: [ACCEPT_AGREEMENT] });
  return { team, accountId, grant };
}
