import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createOutboxRepository, type MailOutbox } from '../../integrations/mail';
import type { Clock } from '../../lib/clock';
import { createReadCache } from '../../lib/read-cache';
import type { UserChanges } from '../../lib/user-changes';
import { createInvitesRepository } from './invites.repository';
import { invitesRoutes } from './invites.routes';
import { createInvitesService } from './invites.service';
import { parseTeamRef } from './team-ref';
import { createTeamsRepository } from './teams.repository';
import { teamsRoutes } from './teams.routes';
import { createTeamsService } from './teams.service';

type InvitesDeps = Parameters<typeof createInvitesService>[0];

/** Every table the team list reads (teams.repository.ts `teamsOfUser` and `extras`). */
const TEAM_LIST_TABLES = ['teams', 'memberships', 'subscriptions'] as const;

/** SPEC §7 Teams: teams, memberships and invitations (with their mails). */
export function createTeamsModule(deps: {
  db: Db;
  changes: UserChanges;
  clock: Clock;
  outbox: MailOutbox;
  usersService: Parameters<typeof createTeamsService>[0]['usersService'];
  publicUrl: string;
  inviteMailsPerHour: number;
  /** How long an invitation's code works, in days. */
  inviteTtlDays: number;
  /** The team plan's seats (modules/billing), asked when an invitation is made. */
  seats: NonNullable<InvitesDeps['seats']>;
  /** Committed writes heard from every process: the team lists are then answered from memory. */
  changeFeed?: ChangeFeed | undefined;
}) {
  const { db, changes, clock } = deps;
  const teamsRepository = createTeamsRepository(db, changes);
  const teamsService = createTeamsService({ teamsRepository, usersService: deps.usersService, clock });
  const listCache = deps.changeFeed && createReadCache({ feed: deps.changeFeed, tables: TEAM_LIST_TABLES });
  const invitesService = createInvitesService({
    invitesRepository: createInvitesRepository(db, changes),
    teamsRepository,
    teamsService,
    inTransaction: (work) =>
      db.transaction((tx) =>
        work({ invites: createInvitesRepository(tx), outbox: createOutboxRepository(tx) }),
      ),
    outbox: deps.outbox,
    clock,
    publicUrl: deps.publicUrl,
    mailsPerHour: deps.inviteMailsPerHour,
    ttlDays: deps.inviteTtlDays,
    seats: deps.seats,
  });
  return {
    teamsService,
    /** A team slug or id → its id, whoever asks. */
    teamIdOf: async (value: string): Promise<number | undefined> => {
      const ref = parseTeamRef(value);
      return ref && (await teamsRepository.findByRef(ref))?.id;
    },
    /** The team whose host name is this slug, as the web app shows it before sign-in. */
    teamBySlug: async (slug: string) => {
      const team = await teamsRepository.findBySlug(slug);
      return team && { id: team.id, name: team.name, slug: team.slug, logo: team.logo };
    },
    async registerRoutes(app: FastifyInstance) {
      await app.register(teamsRoutes, { teamsService, listCache });
      if (listCache) app.addHook('onClose', (_app, done) => (listCache.close(), done()));
      await app.register(invitesRoutes, { invitesService });
    },
  };
}
