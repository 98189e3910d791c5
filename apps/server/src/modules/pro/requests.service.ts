import type { AudienceRequest, CreateAudienceRequest, Language } from '@murmur/core/api';
import type { z } from 'zod';
import type { createAudienceRequestSchema } from '@murmur/core/api';
import type { AudienceRequestRow, UserRow } from '../../db/schema';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import type { MailOutbox, OutboxEntry, OutboxRepository } from '../../integrations/mail';
import type { Clock } from '../../lib/clock';
import { randomKey, sha256 } from '../../lib/crypto';
import type { RequestsRepository } from './requests.repository';
import {
  requestAnsweredMail,
  requestConfirmedMail,
  staffNoticeMail,
  verifyRequestMail,
} from './request-mails';

export type RequestsService = ReturnType<typeof createRequestsService>;

/** The caller's ad accounts (modules/users through the wiring): validate-ad-account reads them. */
export type AdAccountsOf = (user: UserRow) => Promise<{ id: string }[]>;

/** SPEC §6: internal staff are recognised by a signed-in address on the provider's domain (modules/staff's rule). */
export type IsStaffEmail = (email: string) => boolean;

export function presentRequest(row: AudienceRequestRow): AudienceRequest {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    email: row.email,
    name: row.name,
    company: row.company,
    handle: row.handle,
    ad_account_id: row.adAccountId,
    description: row.description,
    title: row.title,
    language: row.language,
    answer: row.answer,
    feedback:
      row.feedbackRating === null ? null : { rating: row.feedbackRating, comment: row.feedbackComment ?? '' },
    created: row.created.toISOString(),
    verified: row.verified?.toISOString() ?? null,
    answered: row.answered?.toISOString() ?? null,
  };
}

/**
 * Requests from the pro-targeting site (SPEC §2 request-audience, request-download, request-access):
 * stored with a verification mail in one transaction; the requester's opening of the link
 * (request-verification) confirms it and mails a confirmation; staff see confirmed requests and
 * answer them by mail. Every mail is in the requester's language.
 */
export function createRequestsService(deps: {
  requests: RequestsRepository;
  inTransaction: <T>(
    work: (w: { requests: RequestsRepository; outbox: OutboxRepository }) => Promise<T>,
  ) => Promise<T>;
  outbox: MailOutbox;
  clock: Clock;
  /** The pro-targeting site's own origin (pro-origin.ts): the links in the mails. */
  siteUrl: string;
  isStaffEmail: IsStaffEmail;
  /** The staff domains: confirmed requests are announced to staff users on them. */
  staffDomains: readonly string[];
  adAccountsOf: AdAccountsOf;
}) {
  const { requests, inTransaction, outbox, clock, siteUrl, isStaffEmail, staffDomains, adAccountsOf } = deps;
  const isStaff = (user: UserRow | undefined) => user !== undefined && isStaffEmail(user.email);
  const link = (path: string, token: string) => {
    const url = new URL(path, `${siteUrl}/`);
    url.searchParams.set('token', token);
    return url.toString();
  };
  const send = async (entries: OutboxEntry[]) => {
    for (const entry of entries) await outbox.sendNow(entry);
  };
  const requireStaff = (user: UserRow) => {
    if (!isStaff(user)) throw new Forbidden();
  };

  return {
    async create(
      input: z.output<typeof createAudienceRequestSchema>,
      caller: UserRow | undefined,
      fallbackLanguage: Language,
    ): Promise<AudienceRequest> {
      if (input.kind === 'download' && input.title === '') {
        throw new BadRequest({ title: ['Title is required'] });
      }
      if (input.kind === 'audience' && input.description === '' && input.targeting_package === undefined) {
        throw new BadRequest({ description: ['Description is required'] });
      }
      const language = input.language ?? caller?.language ?? fallbackLanguage;
      const token = randomKey(24);
      const { row, entry } = await inTransaction(async (w) => {
        const stored = await w.requests.insert({
          kind: input.kind,
          userId: caller?.id ?? null,
          email: input.email,
          name: input.name,
          company: input.company,
          handle: input.handle,
          adAccountId: input.ad_account_id,
          description: input.description,
          title: input.title,
          language,
          targetingPackage: input.targeting_package ?? null,
          tokenHash: sha256(token),
          created: clock.now(),
        });
        const mail = verifyRequestMail(
          { email: stored.email, name: stored.name, kind: stored.kind, language },
          link('/request-verification', token),
        );
        return { row: stored, entry: await outbox.enqueue(w.outbox, mail, { kind: 'pro-request' }) };
      });
      await send([entry]);
      return presentRequest(row);
    },

    /** request-verification: the mailed link confirms the request (once) and staff are told. */
    async verify(token: string): Promise<AudienceRequest> {
      const found = await requests.byToken(sha256(token));
      if (!found) throw new NotFound('Invalid or expired link.');
      if (found.state !== 'unverified') return presentRequest(found);
      const entries: OutboxEntry[] = [];
      const row = await inTransaction(async (w) => {
        const verified = await w.requests.verify(found.id, clock.now());
        if (!verified) return (await w.requests.byId(found.id)) ?? found;
        const who = {
          email: verified.email,
          name: verified.name,
          kind: verified.kind,
          language: verified.language,
        };
        entries.push(await outbox.enqueue(w.outbox, requestConfirmedMail(who), { kind: 'pro-request' }));
        for (const staff of await w.requests.staffEmails(staffDomains)) {
          const notice = staffNoticeMail(
            staff,
            { ...who, description: verified.description },
            `${siteUrl}/request-audience`,
          );
          entries.push(await outbox.enqueue(w.outbox, notice, { kind: 'pro-request' }));
        }
        return verified;
      });
      await send(entries);
      return presentRequest(row);
    },

    /** The requester's rating of the answer, proven by the mailed token. */
    async feedback(token: string, rating: number, comment: string): Promise<AudienceRequest> {
      const found = await requests.byToken(sha256(token));
      if (!found) throw new NotFound('Invalid or expired link.');
      if (found.state !== 'answered') {
        throw new BadRequest({ non_field_errors: ['Feedback can be given once the request was answered.'] });
      }
      return presentRequest((await requests.feedback(found.id, rating, comment)) ?? found);
    },

    isStaff,

    async list(user: UserRow): Promise<AudienceRequest[]> {
      requireStaff(user);
      return (await requests.listConfirmed(200)).map(presentRequest);
    },

    /** Staff answer a confirmed request; the answer is mailed to the requester. */
    async answer(user: UserRow, id: number, answer: string): Promise<AudienceRequest> {
      requireStaff(user);
      const token = randomKey(24);
      const { row, entry } = await inTransaction(async (w) => {
        const answered = await w.requests.answer(id, answer, user.id, clock.now());
        if (!answered) throw new NotFound();
        // A fresh token for the feedback link: the verification one was already used.
        const withToken = (await w.requests.rotateToken(answered.id, sha256(token))) ?? answered;
        const mail = requestAnsweredMail(
          {
            email: withToken.email,
            name: withToken.name,
            kind: withToken.kind,
            language: withToken.language,
          },
          answer,
          link('/request-confirmation', token),
        );
        return { row: withToken, entry: await outbox.enqueue(w.outbox, mail, { kind: 'pro-request' }) };
      });
      await send([entry]);
      return presentRequest(row);
    },

    /** validate-ad-account (SPEC §7): whether the signed-in caller can reach that ad account. */
    async validateAdAccount(user: UserRow | undefined, adAccountId: string) {
      if (!user) return { access: false };
      const accounts = await adAccountsOf(user);
      return { access: accounts.some((a) => a.id.toLowerCase() === adAccountId.toLowerCase()) };
    },
  };
}

export type { CreateAudienceRequest };
