import type { Language, SsoConfig, SsoConfigInput } from '@murmur/core/api';
import type { TeamSsoRow, UserRow } from '../../db/schema';
import { BadRequest } from '../../errors';
import type { Clock } from '../../lib/clock';
import { seal, unseal } from '../../lib/crypto';
import type { OidcClient } from './oidc-client';
import { sealFlow, unsealFlow } from './sso-flow';
import type { SsoRepository } from './sso.repository';

const SECRET_PURPOSE = 'sso-client-secret';

/** Why a sign-in was refused: the login screen says it in the user's language (`sso.errors.*`). */
export type SsoRefusal =
  | 'not_configured'
  | 'ambiguous'
  | 'state'
  | 'provider'
  | 'email_unverified'
  | 'domain'
  | 'existing_account'
  | 'seats';

export class SsoRefused extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(`SSO sign-in refused: ${reason}`);
  }
}

export interface SsoDeps {
  repo: SsoRepository;
  oidc: OidcClient;
  clock: Clock;
  secret: string;
  /** Plain-http issuers are accepted outside production only. */
  allowHttp: boolean;
  /** The callback URL registered at the providers: `${PUBLIC_URL}/api/auth/sso/callback`. */
  callbackUrl: string;
  teams: {
    adminAccess(user: UserRow, ref: string): Promise<{ team: { id: number } }>;
    teamIdOf(ref: string): Promise<number | undefined>;
  };
  users: {
    findByEmail(email: string): Promise<UserRow | undefined>;
    findOrCreate(email: string, language: Language): Promise<UserRow>;
  };
  seats: { assertSeatsFor(teamId: number, adding: number): Promise<void> };
  audit: (entry: {
    teamId: number;
    actorId: number | null;
    ip: string;
    action: string;
    subject: string;
    before?: unknown;
    after?: unknown;
  }) => Promise<void>;
}

export type SsoService = ReturnType<typeof createSsoService>;

/** The audit log's view of a configuration: everything but the secret. */
const auditView = (row: TeamSsoRow | undefined) =>
  row && {
    enabled: row.enabled,
    issuer: row.issuer,
    client_id: row.clientId,
    domains: row.domains,
    level: row.level,
  };

/** Single sign-on with OpenID Connect for a team (docs/SSO-AND-AUDIT.md). */
export function createSsoService(deps: SsoDeps) {
  const { repo, oidc, clock, secret } = deps;
  const settingsOf = (row: TeamSsoRow) => ({
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: unseal(secret, SECRET_PURPOSE, row.clientSecretSealed),
  });
  const present = (row: TeamSsoRow | undefined): SsoConfig => ({
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    client_id: row?.clientId ?? '',
    has_client_secret: row !== undefined,
    domains: row?.domains ?? [],
    level: row?.level ?? 'member',
    callback_url: deps.callbackUrl,
    updated: row ? row.updated.toISOString() : null,
  });

  /** A team slug, an e-mail address or a domain → the team whose SSO to use. */
  async function teamFor(value: string): Promise<number> {
    const typed = value.trim().toLowerCase();
    if (typed.includes('@') || typed.includes('.')) {
      const domain = typed.slice(typed.lastIndexOf('@') + 1);
      const found = await repo.enabledForDomain(domain);
      if (found.length > 1) throw new SsoRefused('ambiguous');
      if (!found[0]) throw new SsoRefused('not_configured');
      return found[0].teamId;
    }
    const teamId = await deps.teams.teamIdOf(typed);
    if (teamId === undefined) throw new SsoRefused('not_configured');
    return teamId;
  }

  return {
    async getConfig(user: UserRow, teamRef: string): Promise<SsoConfig> {
      const { team } = await deps.teams.adminAccess(user, teamRef);
      return present(await repo.find(team.id));
    },

    async saveConfig(user: UserRow, teamRef: string, input: SsoConfigInput, ip: string): Promise<SsoConfig> {
      const { team } = await deps.teams.adminAccess(user, teamRef);
      const before = await repo.find(team.id);
      if (!input.client_secret && !before) {
        throw new BadRequest({ client_secret: ['This field is required.'] });
      }
      const issuer = new URL(input.issuer);
      if (issuer.protocol !== 'https:' && !(deps.allowHttp && issuer.protocol === 'http:')) {
        throw new BadRequest({ issuer: ['The issuer must use https.'] });
      }
      const row: TeamSsoRow = {
        teamId: team.id,
        enabled: input.enabled,
        issuer: input.issuer.replace(/\/+$/, ''),
        clientId: input.client_id,
        clientSecretSealed: input.client_secret
          ? seal(secret, SECRET_PURPOSE, input.client_secret)
          : before!.clientSecretSealed,
        domains: [...new Set(input.domains.map((d) => d.toLowerCase()))],
        level: input.level ?? 'member',
        updated: clock.now(),
      };
      await repo.save(row);
      await deps.audit({
        teamId: team.id,
        actorId: user.id,
        ip,
        action: 'sso.config_changed',
        subject: row.issuer,
        before: auditView(before) ?? null,
        after: { ...auditView(row), client_secret_changed: Boolean(input.client_secret) },
      });
      return present(row);
    },

    /** Where to send the browser, and the sealed flow cookie for the callback. */
    async start(value: string): Promise<{ url: string; flowCookie: string }> {
      const teamId = await teamFor(value);
      const row = await repo.find(teamId);
      if (!row?.enabled) throw new SsoRefused('not_configured');
      let started: Awaited<ReturnType<OidcClient['start']>>;
      try {
        started = await oidc.start(settingsOf(row), deps.callbackUrl);
      } catch {
        throw new SsoRefused('provider');
      }
      const flowCookie = sealFlow(secret, { ...started.checks, teamId, started: clock.now().getTime() });
      return { url: started.url, flowCookie };
    },

    /**
     * The callback: the flow must be this browser's (state), the ID token valid, the e-mail verified
     * and in an allowed domain. A new user is created and joins at the configured level; an existing
     * account signs in only if it already is a member of this team (a team's provider must not take
     * over accounts that belong to nobody in the team). Answers the user and the team.
     */
    async finish(
      callbackUrl: URL,
      flowCookie: string | undefined,
      seen: { ip: string; language: Language },
    ): Promise<{ user: UserRow; teamId: number }> {
      const flow = unsealFlow(secret, flowCookie, clock.now());
      if (!flow || callbackUrl.searchParams.get('state') !== flow.state) throw new SsoRefused('state');
      const row = await repo.find(flow.teamId);
      if (!row?.enabled) throw new SsoRefused('not_configured');
      let identity: Awaited<ReturnType<OidcClient['finish']>>;
      try {
        identity = await oidc.finish(settingsOf(row), callbackUrl, flow);
      } catch {
        throw new SsoRefused('provider');
      }
      const { email } = identity;
      if (!email || !identity.emailVerified) throw new SsoRefused('email_unverified');
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!row.domains.includes(domain)) throw new SsoRefused('domain');

      const existing = await deps.users.findByEmail(email);
      if (existing) {
        if (!(await repo.isMember(row.teamId, existing.id))) throw new SsoRefused('existing_account');
        return { user: existing, teamId: row.teamId };
      }
      await deps.seats.assertSeatsFor(row.teamId, 1).catch(() => {
        throw new SsoRefused('seats');
      });
      const user = await deps.users.findOrCreate(email, seen.language);
      if (await repo.join(row.teamId, user.id, row.level, clock.now())) {
        await deps.audit({
          teamId: row.teamId,
          actorId: user.id,
          ip: seen.ip,
          action: 'sso.joined',
          subject: email,
          before: null,
          after: { level: row.level, issuer: row.issuer, sub: identity.sub },
        });
      }
      return { user, teamId: row.teamId };
    },
  };
}
