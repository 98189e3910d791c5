import type { Network } from '../../../network';
import { accountByHandle } from '../../shared/lookup';

interface Span {
  start: number;
  end: number;
}

export interface TextEntities {
  hashtags?: (Span & { tag: string })[];
  mentions?: (Span & { username: string; id?: string })[];
  urls?: (Span & { url: string; expanded_url: string; display_url: string })[];
}

/** X counts entity offsets in Unicode code points, not UTF-16 units. */
const codePoints = (text: string, utf16: number): number => [...text.slice(0, utf16)].length;

function spans<T>(
  text: string,
  pattern: RegExp,
  make: (match: RegExpMatchArray, span: Span) => T | null,
): T[] {
  const out: T[] = [];
  for (const match of text.matchAll(pattern)) {
    const start = codePoints(text, match.index);
    const entity = make(match, { start, end: start + [...match[0]].length });
    if (entity) out.push(entity);
  }
  return out;
}

/** Hashtags, @mentions (with ids when the handle exists) and links of a post or bio, X-style. */
export function textEntities(net: Network, text: string): TextEntities {
  const hashtags = spans(text, /#[\p{L}\p{N}_]+/gu, (m, span) => ({ ...span, tag: m[0].slice(1) }));
  const mentions = spans(text, /@([A-Za-z0-9_]{1,15})/g, (m, span) => {
    const account = accountByHandle(net, m[1]!);
    return account < 0
      ? { ...span, username: m[1]! }
      : { ...span, username: net.accounts.handles[account]!, id: net.accounts.ids[account]!.toString() };
  });
  const urls = spans(text, /https?:\/\/[^\s]+/g, (m, span) => ({
    ...span,
    url: m[0],
    expanded_url: m[0],
    display_url: m[0].replace(/^https?:\/\//, ''),
  }));
  const entities: TextEntities = {};
  if (hashtags.length > 0) entities.hashtags = hashtags;
  if (mentions.length > 0) entities.mentions = mentions;
  if (urls.length > 0) entities.urls = urls;
  return entities;
}

/** X's timestamps: ISO 8601 with milliseconds. */
export const isoMillis = (unixSeconds: number, millis = 0): string =>
  new Date(unixSeconds * 1000 + millis).toISOString();
