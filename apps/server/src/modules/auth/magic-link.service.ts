import type { Language, MagicLinkUse, SignInResponse, User } from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import { BadRequest, ServiceUnavailable, TooManyRequests } from '../../errors';
import { signInCodeMail, type MailOutbox, type OutboxRepository } from '../../integrations/mail';
import type { Clock } from '../../lib/clock';
import { hmac, randomCode, randomKey, safeEqual, sha256 } from '../../lib/crypto';
import type { MagicLinkRepository } from './magic-link.repository';
import type { SessionService, SignedIn } from './sessions.service';

/** docs/API.md "Magic codes". */
export const MAGIC_LINK_RULES = {
  validMinutes: 15,
  /** Confirm-code tries per magic code; 5 wrong ones kill it. */
  maxAttempts: 5,
  /**
   * Per address from one client (IP address; auth.routes.ts), so a stranger's requests do not
   * count against the owner's.
   */
  maxRequestsPerClient: 5,
  /** Per address from every client together, so nobody can flood a mailbox with codes. */
  maxRequests: 20,
  requestWindowMinutes: 15,
  /** No 0/O or 1/I/L: the code is read from a mail and typed by hand. */
  confirmAlphabet: 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789',
  confirmLength: 6, // SPEC §9
} as const;

const MINUTE_MS = 60_000;
// SPEC §8 and docs/API.md: one message for wrong, used, expired and dead codes, so none can be told apart.
const invalidCode = () => new BadRequest({ confirm_code: ['Invalid login code'] });

export type MagicLinkService = ReturnType<typeof createMagicLinkService>;

/** What signing in needs of the users module (its usersService, wired in modules/index.ts). */
export interface SignInUsers {
  findByEmail(email: string): Promise<UserRow | undefined>;
  /** SPEC §4: an unknown address registers, in the language the browser asked for. */
  signInByEmail(email: string, language: Language): Promise<UserRow>;
  present(user: UserRow): Promise<User>;
}

/**
 * The writes of a sign-in, bound to one transaction (modules/index.ts): a code and its mail are
 * stored together, and using a code, registering the address and starting the session commit
 * together — a crash between them can no longer leave a used code and no user.
 */
export interface SignInWrites {
  links: MagicLinkRepository;
  outbox: OutboxRepository;
  users: Pick<SignInUsers, 'signInByEmail'>;
  sessions: Pick<SessionService, 'start'>;
  /** The pro-targeting site's sign-in issues a pro-targeting token instead (modules/pro/pro-tokens.ts). */
  proTokens: { issue(userId: number): Promise<string> };
}

export function createMagicLinkService(deps: {
  magicLinkRepository: MagicLinkRepository;
  usersService: SignInUsers;
  /** Runs `work` in one database transaction; its writes commit together or not at all. */
  inTransaction: <T>(work: (writes: SignInWrites) => Promise<T>) => Promise<T>;
  outbox: MailOutbox;
  clock: Clock;
  secret: string;
}) {
  const { magicLinkRepository: links, usersService, inTransaction, outbox, clock, secret } = deps;
  const R = MAGIC_LINK_RULES;
  // Keyed: the 30-bit confirm code must not be recoverable from a dump of the table by brute force.
  const confirmHash = (code: string) => hmac(secret, `confirm:${code.trim().toUpperCase()}`);

  async function enforceRateLimit(email: string, now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - R.requestWindowMinutes * MINUTE_MS);
    await links.deleteOlderThan(email, new Date(windowStart.getTime() - 24 * 60 * MINUTE_MS));
    const recent = await links.recentRequests(email, windowStart);
    if (recent.count < R.maxRequests) return;
    const freeAt = (recent.oldest ?? now).getTime() + R.requestWindowMinutes * MINUTE_MS;
    const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw new TooManyRequests(
      `Too many sign-in codes requested for this address. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
      seconds,
    );
  }

  /** Spends a try of the typed code; when right, registers the address if new and runs `start`, in one transaction. */
  async function signIn<T>(
    input: MagicLinkUse,
    browserLanguage: Language,
    start: (w: SignInWrites, userId: number) => Promise<T>,
  ): Promise<{ user: UserRow; started: T }> {
    const now = clock.now();
    const link = await links.findByMagicCodeHash(sha256(input.magic_code));
    // docs/API.md: 5 tries per code. The try is spent before comparing, so a correct code on the
    // 5th try works and nothing works after 5 wrong ones.
    if (!link || !(await links.claimAttempt(link.id, now, R.maxAttempts))) throw invalidCode();
    if (!safeEqual(confirmHash(input.confirm_code), link.confirmCodeHash)) throw invalidCode();
    return inTransaction(async (w) => {
      if (!(await w.links.markUsed(link.id, now))) throw invalidCode();
      const user = await w.users.signInByEmail(link.email, browserLanguage);
      return { user, started: await start(w, user.id) };
    });
  }

  return {
    /** Emails a confirm code and returns the magic code that the browser keeps (SPEC §4). */
    async request(email: string, browserLanguage: Language): Promise<{ magic_code: string }> {
      const now = clock.now();
      await enforceRateLimit(email, now);
      const magicCode = randomKey();
      const confirmCode = randomCode(R.confirmAlphabet, R.confirmLength);
      const expiresAt = new Date(now.getTime() + R.validMinutes * MINUTE_MS);
      const language = (await usersService.findByEmail(email))?.language ?? browserLanguage;
      const mail = signInCodeMail({ to: email, language, code: confirmCode, validMinutes: R.validMinutes });
      const entry = await inTransaction(async (w) => {
        await w.links.insert({
          email,
          magicCodeHash: sha256(magicCode),
          confirmCodeHash: confirmHash(confirmCode),
          created: now,
          expiresAt,
        });
        // The outbox stops retrying when the code expires: nobody could use it after that.
        return outbox.enqueue(w.outbox, mail, { kind: 'sign-in-code', expiresAt });
      });
      // docs/API.md: 503 when the mail server refuses. The browser then never gets this magic code,
      // so a later retry would mail a code nobody can use: no retry for a refused one.
      if (!(await outbox.sendNow(entry, { retry: false }))) {
        throw new ServiceUnavailable('We could not send the sign-in email. Please try again later.');
      }
      return { magic_code: magicCode };
    },

    /** Checks the typed code; on success registers the address if new and signs the user in. */
    async use(
      input: MagicLinkUse,
      browserLanguage: Language,
    ): Promise<SignInResponse & { signedIn: SignedIn }> {
      const { user, started: signedIn } = await signIn(input, browserLanguage, (w, userId) =>
        w.sessions.start(userId),
      );
      return { key: signedIn.tokenKey, user: await usersService.present(user), signedIn };
    },

    /**
     * The pro-targeting site's sign-in (SPEC §6): the same code check, but what the user gets is a
     * pro-targeting token as `key` — no browser session and no personal token.
     */
    async useForProSite(input: MagicLinkUse, browserLanguage: Language): Promise<SignInResponse> {
      const { user, started: key } = await signIn(input, browserLanguage, (w, userId) =>
        w.proTokens.issue(userId),
      );
      return { key, user: await usersService.present(user) };
    },
  };
}
