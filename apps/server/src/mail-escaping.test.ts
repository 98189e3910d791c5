import type { AlertEvent, Language } from '@murmur/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_KINDS } from './db/schema/mail-outbox';
import { reportMail } from './modules/agency/report-mail';
import { alertMail } from './modules/audiences/alerts.service';
import { weeklyMail } from './modules/pro/monitors.service';
import {
  requestAnsweredMail,
  requestConfirmedMail,
  staffNoticeMail,
  verifyRequestMail,
} from './modules/pro/request-mails';
import { accountTexts, shareMail } from './modules/pro/share.service';
import { usageShareMail } from './modules/x-audiences/usage-share-mail';
import { createCapturingMailer } from './test/capturing-mailer';
import { createTestApp, type TestApp } from './test/test-app';
import { MAIL_TEXT_LIMITS } from './integrations/mail/escape-html';
import type { Mail } from './integrations/mail/mailer';
import { createMailOutbox } from './integrations/mail/outbox';
import { createOutboxRepository } from './integrations/mail/outbox.repository';
import { invitationMail } from './integrations/mail/templates/invitation';
import { signInCodeMail } from './integrations/mail/templates/sign-in-code';

/**
 * Every user-supplied text in mail is escaped and length-limited (docs/API.md "Mail: what users' text
 * may do in it"). Each kind of mail is built with hostile text wherever a user's text goes — markup, a
 * CRLF header injection, 10 000 characters, right-to-left overrides and zero-width characters — and its
 * subject, text and HTML parts are checked: no markup, no header line of its own, nothing hidden,
 * nothing beyond the caps.
 */

const MARKUP = '<script>alert("x")</script><img src=x onerror=alert(1)>&amp;\'';
const INJECTION = 'Team\r\nBcc: victim@example.com\r\n\r\n<b>body</b>';
const HUGE = 'x'.repeat(10_000);
const HIDDEN = 'evil\u202Egnp.exe\u200B\u200D\u2066\uFEFFname';
const HOSTILE = `${MARKUP} ${INJECTION} ${HIDDEN} ${HUGE}`;

const alertEvent = (type: AlertEvent['type']) =>
  ({
    id: 'evt_1',
    type,
    created: '2026-01-02T00:00:00.000Z',
    audience: { id: 1, name: HOSTILE },
    alert: { id: 1, kind: 'size', threshold: 5 },
    from: { day: '2026-01-01', size: { value: 1000 } },
    to: { day: '2026-01-02', size: { value: 2000 } },
    size_change: 1,
    moved: [
      {
        field: 'influential',
        value: '1',
        label: HOSTILE,
        from: { share: 0.1 },
        to: { share: 0.2 },
        difference: 0.1,
        p: 0,
        q: 0,
      },
    ],
  }) as unknown as AlertEvent;

const requester = (language: Language) => ({
  email: 'requester@example.com',
  name: HOSTILE,
  kind: 'audience' as const,
  language,
});

/** Every mail the product sends, by outbox kind, built with hostile text in each user-supplied slot. */
const MAILS: Record<(typeof OUTBOX_KINDS)[number], (language: Language) => Record<string, Mail>> = {
  'sign-in-code': (language) => ({
    // No user text: the code is the server's; the address is a validated one.
    code: signInCodeMail({ to: 'a@example.com', language, code: 'AB12CD', validMinutes: 15 }),
  }),
  invitation: (language) => ({
    invitation: invitationMail({
      to: 'invitee@example.com',
      language,
      inviterName: HOSTILE,
      teamName: HOSTILE,
      message: HOSTILE,
      acceptUrl: 'https://murmur.test/invite?code=abc',
    }),
  }),
  'agency-report': (language) => ({
    report: reportMail({
      to: 'client@example.com',
      language,
      teamName: HOSTILE,
      period: { first: '2026-01-05', last: '2026-01-11' },
      attachments: [],
    }),
  }),
  'pro-request': (language) => ({
    verify: verifyRequestMail(requester(language), 'https://pro.murmur.test/request-verification?t=1'),
    confirmed: requestConfirmedMail(requester(language)),
    answered: requestAnsweredMail(requester(language), HOSTILE, 'https://pro.murmur.test/fb?t=1'),
    staff: staffNoticeMail(
      'staff@example.com',
      { ...requester(language), description: HOSTILE },
      'https://pro.murmur.test/request-audience',
    ),
    share: shareMail('to@example.com', language, HOSTILE, HOSTILE, 'https://pro.murmur.test/s/1'),
    offer: shareMail(
      'to@example.com',
      language,
      HOSTILE,
      HOSTILE,
      'https://pro.murmur.test/targeting-lists?shares=pending',
      accountTexts,
    ),
  }),
  'monitor-report': (language) => ({ weekly: weeklyMail('owner@example.com', language, HOSTILE, 1000, 900) }),
  'usage-share': (language) => ({
    usage: usageShareMail({
      to: 'to@example.com',
      language,
      sharerName: HOSTILE,
      adAccountId: HOSTILE,
      url: 'https://murmur.test/shared-usage/1.abc',
      until: '1 January 2027',
    }),
  }),
  'audience-alert': (language) => ({
    test: alertMail('owner@example.com', language, alertEvent('test'), 'https://murmur.test/a/1'),
    changed: alertMail(
      'owner@example.com',
      language,
      alertEvent('audience.changed'),
      'https://murmur.test/a/1',
    ),
  }),
};

/** The longest run of one character: a cap that holds leaves no run longer than the longest cap. */
const longestRun = (text: string) =>
  Math.max(0, ...(text.match(/(.)\1*/gsu) ?? []).map((r) => [...r].length));

/** What is wrong with a mail (empty when nothing is). */
function problemsOf(mail: Mail): string[] {
  const found: string[] = [];
  const html = mail.html ?? '';
  if (/[\r\n]/.test(mail.subject)) found.push('subject has a line break');
  // A subject quotes at most two capped names (the outbox then cuts the whole line to its cap).
  if ([...mail.subject].length > 2 * MAIL_TEXT_LIMITS.name + 120) found.push('subject too long');
  for (const [part, body] of [
    ['subject', mail.subject],
    ['text', mail.text],
    ['html', html],
  ] as const) {
    if (/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/.test(body))
      found.push(`${part}: hidden characters`);
    if (longestRun(body) > MAIL_TEXT_LIMITS.block) found.push(`${part}: a user text beyond its cap`);
    if (/\r/.test(body)) found.push(`${part}: a carriage return`);
  }
  // Quoted blocks keep their lines in the body (not headers); markup must arrive as text.
  if (/<script|<img|<b>/i.test(html)) found.push('html: markup from the user');
  if (/&amp;'/.test(html)) found.push('html: an ampersand or quote left as typed');
  if (mail.text.length > 3 * MAIL_TEXT_LIMITS.block) found.push('text too long');
  return found;
}

describe('mail with hostile text', () => {
  for (const language of ['en', 'ja'] as const) {
    it(`escapes and caps every user text in every kind of mail (${language})`, () => {
      const found: string[] = [];
      for (const [kind, build] of Object.entries(MAILS)) {
        for (const [name, mail] of Object.entries(build(language))) {
          found.push(...problemsOf(mail).map((p) => `${kind}/${name}: ${p}`));
        }
      }
      expect(found).toEqual([]);
    });
  }

  it('covers every kind of mail the outbox sends', () => {
    expect(Object.keys(MAILS).sort()).toEqual([...OUTBOX_KINDS].sort());
  });

  it('keeps a user text that fits, escaped, and cuts one that does not with "…"', () => {
    const mail = invitationMail({
      to: 'invitee@example.com',
      language: 'en',
      inviterName: 'Ann & <Bo>',
      teamName: HUGE,
      message: 'line one\r\nline two',
      acceptUrl: 'https://murmur.test/invite?code=abc',
    });
    expect(mail.html).toContain('Ann &amp; &lt;Bo&gt;');
    expect(mail.text).toContain('Ann & <Bo>');
    expect(mail.text).toContain(`${'x'.repeat(MAIL_TEXT_LIMITS.name - 1)}…`);
    expect(mail.text).not.toContain('x'.repeat(MAIL_TEXT_LIMITS.name));
    expect(mail.text).toContain('line one\nline two');
  });

  it('sends nothing a signed-out requester typed to the address they typed, until it is verified', () => {
    for (const language of ['en', 'ja'] as const) {
      const mail = verifyRequestMail(
        { ...requester(language), name: 'Click https://evil.example/ now' },
        'https://pro.murmur.test/request-verification?t=1',
      );
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('evil');
    }
  });
});

describe('the outbox, the last guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes a subject of one bounded line and refuses a recipient with a line break', async () => {
    const mailer = createCapturingMailer();
    const outbox = createMailOutbox({
      outboxRepository: createOutboxRepository(t.db),
      mailer,
      clock: t.clock,
      secret: t.config.sessionSecret,
      log: t.app.log,
    });
    const repository = createOutboxRepository(t.db);
    const entry = await outbox.enqueue(
      repository,
      { to: 'guard@example.com', subject: `Hi\r\nBcc: victim@example.com ${HUGE}`, text: 'body' },
      { kind: 'pro-request' },
    );
    await outbox.sendNow(entry);
    const sent = mailer.last('guard@example.com');
    expect(sent.subject).not.toMatch(/[\r\n]/);
    expect([...sent.subject].length).toBeLessThanOrEqual(MAIL_TEXT_LIMITS.subject);
    await expect(
      outbox.enqueue(
        repository,
        { to: 'a@example.com\r\nBcc: victim@example.com', subject: 'x', text: 'y' },
        { kind: 'pro-request' },
      ),
    ).rejects.toThrow(/line break/);
  });
});
