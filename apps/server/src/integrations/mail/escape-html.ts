const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** User-typed text (names, invitation messages) placed into HTML mail must not become markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * How much of each user-supplied text a mail quotes: every user-supplied text in mail is escaped and
 * length-limited (docs/API.md "Mail: what users' text may do in it"). Longer text is cut and ends
 * with "…".
 */
export const MAIL_TEXT_LIMITS = {
  /** A person's, team's, list's or audience's name, in a subject or a sentence. */
  name: 100,
  /** An invitation's message, a staff answer or a request's description, quoted as a block. */
  block: 2000,
  /** The whole subject line, whatever it quotes. */
  subject: 200,
} as const;

/**
 * Characters no mail quotes from a user: C0/C1 controls (CR and LF too: no header injection, no line
 * of its own in a subject), bidirectional overrides and isolates (no reversed text, "Trojan Source"),
 * zero-width characters and the byte-order mark (no invisible text).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** The same, line breaks and tabs excepted (a block keeps its lines). */
const HIDDEN_IN_BLOCK =
  // eslint-disable-next-line no-control-regex -- as above
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

const cut = (text: string, max: number) => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** A user-supplied name for a subject or a sentence: one line, nothing hidden, at most `max` characters. */
export const mailName = (text: string, max: number = MAIL_TEXT_LIMITS.name): string =>
  cut(text.replace(HIDDEN, ' ').replace(/\s+/g, ' ').trim(), max);

/** A user-supplied block (a message, an answer): its lines kept (CRLF as LF), nothing hidden, capped. */
export const mailBlock = (text: string, max: number = MAIL_TEXT_LIMITS.block): string =>
  cut(text.replace(/\r\n?/g, '\n').replace(HIDDEN_IN_BLOCK, '').trim(), max);

/** The last guard before a mail is written: a subject of one line and bounded length. */
export const mailSubject = (subject: string): string => mailName(subject, MAIL_TEXT_LIMITS.subject);
