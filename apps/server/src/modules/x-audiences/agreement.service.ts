import { normaliseCountry } from '@murmur/core/countries';
import type { JapaneseAgreement } from '@murmur/core/api';
import type { TeamRow, UserRow } from '../../db/schema';
import { Forbidden } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { UploadTeams } from './uploads.service';
import type { XAudiencesRepository } from './x-audiences.repository';

export type AgreementService = ReturnType<typeof createAgreementService>;

/**
 * SPEC §1, §9: Japanese advertisers (a team in Japan, or a member using the Japanese interface)
 * accept the Japanese agreement once per team before their first upload or application; who
 * accepted and when is recorded.
 */
export function createAgreementService(deps: {
  repo: XAudiencesRepository;
  teams: UploadTeams;
  clock: Clock;
}) {
  const { repo, teams, clock } = deps;

  const isJapanese = (user: UserRow, team: TeamRow) =>
    user.language === 'ja' || (team.country !== null && normaliseCountry(team.country)?.code === 'JP');

  async function status(user: UserRow, team: TeamRow): Promise<JapaneseAgreement> {
    const row = await repo.agreementOf(team.id);
    return {
      required: isJapanese(user, team),
      accepted: row !== undefined,
      accepted_by: row?.email ?? null,
      accepted_at: row?.acceptedAt.toISOString() ?? null,
    };
  }

  return {
    /** True when the agreement applies to this user and team and nobody accepted it yet. */
    async mustAcceptFirst(user: UserRow, team: TeamRow): Promise<boolean> {
      return isJapanese(user, team) && (await repo.agreementOf(team.id)) === undefined;
    },

    applies: isJapanese,

    async get(user: UserRow, teamRef: string): Promise<JapaneseAgreement> {
      const { team } = await teams.access(user, teamRef);
      return status(user, team);
    },

    /** Team admins accept on the team's behalf (SPEC §6: admin changes the team). */
    async accept(user: UserRow, teamRef: string): Promise<JapaneseAgreement> {
      const { team, membership } = await teams.access(user, teamRef);
      if (membership.level !== 'admin') throw new Forbidden();
      await repo.accept(team.id, user.id, user.email, clock.now());
      return status(user, team);
    },
  };
}
