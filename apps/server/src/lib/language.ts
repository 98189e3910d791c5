import { pickLanguage, type Language } from '@murmur/core/i18n';

/**
 * The interface language a browser asks for (SPEC §9: en or ja, English by default), from an
 * Accept-Language header such as "ja-JP,ja;q=0.9,en;q=0.8": the tags ranked by quality, then the
 * same pick as the web app makes from navigator.languages.
 */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return pickLanguage(ranked.map((entry) => entry.tag));
}

/**
 * The language to answer a request in: the signed-in user's interface language (their setting),
 * else what the browser asks for.
 */
export function requestLanguage(request: {
  principal?: { kind: string; user?: { language: Language } } | undefined;
  headers: { 'accept-language'?: string | undefined };
}): Language {
  const principal = request.principal;
  // A user without a stored language (a row read before it was set) is answered as a browser is.
  const language = principal?.kind === 'user' ? principal.user?.language : undefined;
  if (language === 'en' || language === 'ja') return language;
  return preferredLanguage(request.headers['accept-language']);
}
