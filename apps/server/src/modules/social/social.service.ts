import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@murmur/core/api';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import { BadRequest, NotFound, ServiceUnavailable } from '../../errors';
import { providerIdentity, SignInProviderError, type SignInProvider } from '../../integrations/sign-in';
import { pkcePair, XError, type XSignIn, type XUser } from '../../integrations/x';
import type { Clock } from '../../lib/clock';
import { isDbId } from '../../lib/db-id';
import { sha256 } from '../../lib/crypto';
import type { SocialAccountsRepository } from './social-accounts.repository';
import { isOwnCallback } from './social-callbacks';
import { publicProviders } from './social-providers';

/**
 * Users who signed in without a verified e-mail address get `<provider>-<uid>@users.murmur.invalid`
 * (RFC 2606 reserves .invalid, so no mail can ever be delivered there); X users get `x-<id>@…`.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = 'users.murmur.invalid';
export const placeholderEmail = (provider: string, uid: string) =>
  `${provider === 'twitter' ? 'x' : provider}-${uid.toLowerCase()}@${PLACEHOLDER_EMAIL_DOMAIN}`;
const hasPlaceholderEmail = (user: UserRow) => user.email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);

/** OAuth 1.0a request-token secrets are kept here, keyed by a hash of the token, for 15 minutes. */
const REQUEST_TOKEN_MS = 15 * 60_000;
const MAX_PENDING_REQUEST_TOKENS = 10_000;

/** Who a provider vouches for, normalised for storage: social_accounts.provider and .uid. */
export interface SocialIdentity {
  provider: 'twitter' | SignInProvider;
  uid: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  extraData: Record<string, unknown>;
  /** X's OAuth 1.0a user token, when the identity came from one (kept for the Ads API). */
  xTokens?: { accessToken: string; accessSecret: string };
}

export type CodeProvider = SignInProvider | 'twitter_oauth2';
export interface CodeInput {
  code: string;
  redirect_uri: string;
  code_verifier?: string | undefined;
}

const failed = (label: string) =>
  new BadRequest({ non_field_errors: [`Could not sign in with ${label}. Please try again.`] });

export type SocialService = ReturnType<typeof createSocialService>;

/** The users table as social sign-in needs it (the users module's repository, wired in modules/index.ts). */
export interface SocialUsers {
  findById(id: number): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  /** Registers an address, or returns the user a parallel request registered first. */
  findOrCreate(email: string, language: Language): Promise<UserRow>;
  update(
    id: number,
    values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'language' | 'lastLogin'>>,
  ): Promise<void>;
}

/** What X's user object says of who signs in (X gives no e-mail address). */
const xIdentity = (user: XUser): SocialIdentity => {
  const space = user.name.indexOf(' ');
  return {
    provider: 'twitter',
    uid: user.id,
    email: undefined,
    emailVerified: false,
    firstName: space > 0 ? user.name.slice(0, space) : user.name,
    lastName: space > 0 ? user.name.slice(space + 1) : '',
    extraData: { username: user.username, name: user.name },
  };
};

/** A PKCE pair for a code-flow sign-in: the challenge to send, the verifier to keep. */
function codeChallenge() {
  const { codeVerifier, codeChallenge } = pkcePair();
  return {
    code_challenge: codeChallenge,
    code_challenge_method: 'S256' as const,
    code_verifier: codeVerifier,
  };
}

export function createSocialService(deps: {
  socialAccountsRepository: SocialAccountsRepository;
  usersRepository: SocialUsers;
  xClient: XSignIn;
  config: Pick<Config, 'x' | 'facebook' | 'google' | 'linkedin' | 'publicUrl'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Told when a user disconnects their X account (its kept token is forgotten). */
  onXDisconnect?: (userId: number) => Promise<void>;
  /** Told of the X user token behind a sign-in or link with X (the ad-accounts module keeps it). */
  onXTokens?: (
    userId: number,
    xUserId: string,
    tokens: { accessToken: string; accessSecret: string },
  ) => Promise<void>;
}) {
  const { socialAccountsRepository: accounts, usersRepository: users, xClient, config, clock, log } = deps;
  const pending = new Map<string, { secret: string; expires: number }>();

  async function guard<T>(label: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof XError || error instanceof SignInProviderError)) throw error;
      log.warn({ err: error }, `${label} sign-in failed`);
      if (error.unreachable)
        throw new ServiceUnavailable(`${label} cannot be reached right now. Please try again later.`);
      throw failed(label);
    }
  }

  async function identityFromCode(provider: CodeProvider, input: CodeInput): Promise<SocialIdentity> {
    if (provider === 'twitter_oauth2') {
      if (!input.code_verifier) throw new BadRequest({ code_verifier: ['This field is required.'] });
      const verifier = input.code_verifier;
      return xIdentity(await guard('X', () => xClient.oauth2User(input.code, verifier, input.redirect_uri)));
    }
    const who = await guard(provider, () =>
      providerIdentity(provider, config[provider], {
        code: input.code,
        redirectUri: input.redirect_uri,
        codeVerifier: input.code_verifier,
      }),
    );
    return { provider, ...who, extraData: { email: who.email ?? null } };
  }

  async function identityFromXTokens(accessToken: string, accessSecret: string): Promise<SocialIdentity> {
    const identity = xIdentity(await guard('X', () => xClient.me(accessToken, accessSecret)));
    return { ...identity, xTokens: { accessToken, accessSecret } };
  }

  async function keepXTokens(userId: number, identity: SocialIdentity): Promise<void> {
    if (identity.xTokens && deps.onXTokens) await deps.onXTokens(userId, identity.uid, identity.xTokens);
  }

  /** The user behind an identity: the linked one, else one with the same verified e-mail, else a new one. */
  async function signIn(identity: SocialIdentity, language: Language): Promise<UserRow> {
    const linked = await accounts.findByProviderUid(identity.provider, identity.uid);
    let user = linked ? await users.findById(linked.userId) : undefined;
    if (!user) {
      const email =
        identity.email && identity.emailVerified
          ? identity.email.trim().toLowerCase()
          : placeholderEmail(identity.provider, identity.uid);
      const existing = await users.findByEmail(email);
      user = existing ?? (await users.findOrCreate(email, language));
      if (!existing && !user.firstName && !user.lastName) {
        const names = { firstName: identity.firstName, lastName: identity.lastName };
        await users.update(user.id, names);
        user = { ...user, ...names };
      }
      await accounts.insert({
        userId: user.id,
        provider: identity.provider,
        uid: identity.uid,
        extraData: identity.extraData,
      });
      const now = await accounts.findByProviderUid(identity.provider, identity.uid);
      if (now && now.userId !== user.id) user = await users.findById(now.userId);
      if (!user) throw new Error('social sign-in: user vanished');
    }
    await keepXTokens(user.id, identity);
    const lastLogin = clock.now();
    await users.update(user.id, { lastLogin });
    return { ...user, lastLogin };
  }

  async function connect(user: UserRow, identity: SocialIdentity): Promise<void> {
    const linked = await accounts.findByProviderUid(identity.provider, identity.uid);
    if (linked && linked.userId !== user.id)
      throw new BadRequest({
        non_field_errors: ['This social account is already connected to a different user.'],
      });
    if (!linked)
      await accounts.insert({
        userId: user.id,
        provider: identity.provider,
        uid: identity.uid,
        extraData: identity.extraData,
      });
    const after = await accounts.findByProviderUid(identity.provider, identity.uid);
    if (after?.userId !== user.id)
      throw new BadRequest({
        non_field_errors: ['This social account is already connected to a different user.'],
      });
    await keepXTokens(user.id, identity);
  }

  return {
    identityFromCode,
    identityFromXTokens,
    signIn,
    connect,

    /** Step 1 of "Sign in with X": the request token; its secret stays here. */
    async requestToken(callback: string): Promise<{ oauth_token: string; authorize_url: string }> {
      // X returns the user to this URL with their verifier: only our own site may receive it.
      if (!isOwnCallback(callback, config.publicUrl))
        throw new BadRequest({ oauth_callback: ['The callback URL must be on this site.'] });
      const now = Date.now();
      for (const [key, entry] of pending) if (entry.expires < now) pending.delete(key);
      if (pending.size >= MAX_PENDING_REQUEST_TOKENS)
        throw new ServiceUnavailable('Too many X sign-ins in progress. Please try again in a few minutes.');
      const token = await guard('X', () => xClient.requestToken(callback));
      pending.set(sha256(token.token), { secret: token.secret, expires: now + REQUEST_TOKEN_MS });
      return { oauth_token: token.token, authorize_url: token.authorizeUrl };
    },

    /** Step 3: the callback's token and verifier for the user's access token (single use). */
    async accessToken(
      oauthToken: string,
      verifier: string,
    ): Promise<{ access_token: string; access_token_secret: string }> {
      const key = sha256(oauthToken);
      const entry = pending.get(key);
      pending.delete(key);
      if (!entry || entry.expires < Date.now())
        throw new BadRequest({
          non_field_errors: ['This sign-in with X has expired or was already used. Please start again.'],
        });
      const result = await guard('X', () => xClient.accessToken(oauthToken, entry.secret, verifier));
      return { access_token: result.accessToken, access_token_secret: result.accessSecret };
    },

    /** GET /api/auth/providers/: every configured code-flow provider, public data only. */
    providers: () => publicProviders(config),

    codeChallenge,

    list: (user: UserRow) => accounts.listForUser(user.id),

    async disconnect(user: UserRow, id: number): Promise<void> {
      const account = isDbId(id) ? await accounts.findOfUser(id, user.id) : undefined;
      if (!account) throw new NotFound();
      const fresh = await users.findById(user.id);
      if (fresh && hasPlaceholderEmail(fresh) && (await accounts.countForUser(user.id)) <= 1)
        throw new BadRequest({
          non_field_errors: [
            'This is the only way to sign in to your account, which has no e-mail address. Connect another account first.',
          ],
        });
      if (!(await accounts.deleteOfUser(id, user.id))) throw new NotFound();
      if (account.provider === 'twitter') await deps.onXDisconnect?.(user.id);
    },
  };
}
