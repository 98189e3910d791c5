import type { HelpArticle, HelpArticleList, HelpKind, HelperDocument, Language } from '@murmur/core/api';
import { NotFound } from '../../errors';
import { GUIDES } from './guides';
import { HELP } from './faq';
import type { HelpEntry, HelpText } from './help-types';
import { helpPdf } from './help-pdf';
import { MANUAL } from './manual';

export const HELP_ENTRIES: readonly HelpEntry[] = [...GUIDES, ...MANUAL, ...HELP];

/** Case, full-width/half-width and accents folded, so "ＳＩＧＮ" finds "sign" and "サイン" finds "ｻｲﾝ". */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();
const words = (query: string) => fold(query).split(/\s+/u).filter(Boolean);

/**
 * The helper documents (SPEC §7): the same texts as PDFs, one per kind. Ids and names are stable;
 * they are what the download takes.
 */
const DOCUMENTS: { id: number; name: string; kind: HelpKind; description: Record<Language, string> }[] = [
  {
    id: 1,
    name: 'user-manual',
    kind: 'manual',
    description: {
      en: 'Every screen of the team dashboard, to read or print.',
      ja: 'チームダッシュボードの全画面の説明（閲覧・印刷用）。',
    },
  },
  {
    id: 2,
    name: 'guides',
    kind: 'guide',
    description: {
      en: 'Getting started, building an audience and applying it on X, step by step.',
      ja: 'はじめに、オーディエンスの作成、X での適用を順を追って説明します。',
    },
  },
  {
    id: 3,
    name: 'help',
    kind: 'help',
    description: {
      en: 'Answers to the messages and questions users meet most often.',
      ja: 'よく表示されるメッセージとよくある質問への回答。',
    },
  },
];
const DOCUMENT_TITLES: Record<HelpKind, Record<Language, string>> = {
  manual: { en: 'User manual', ja: 'ユーザーマニュアル' },
  guide: { en: 'Guides', ja: 'ガイド' },
  help: { en: 'Help', ja: 'ヘルプ' },
};

export type HelpService = ReturnType<typeof createHelpService>;

/** Guides, User manual, Help and the helper documents, in English and Japanese (SPEC §2, §7, §9). */
export function createHelpService(deps: { entries?: readonly HelpEntry[] } = {}) {
  const entries = deps.entries ?? HELP_ENTRIES;
  const pdfs = new Map<string, Promise<Buffer>>();

  function search(
    kind: HelpKind | undefined,
    query: string | undefined,
    language: Language,
  ): HelpArticleList {
    const wanted = words(query ?? '');
    const results = entries
      .filter((entry) => kind === undefined || entry.kind === kind)
      .flatMap((entry) => {
        const text = entry.text[language];
        const whole = fold(
          [text.title, text.summary, ...text.sections.flatMap((s) => [s.title, s.body])].join('\n'),
        );
        if (!wanted.every((word) => whole.includes(word))) return [];
        const matches = text.sections
          .filter(
            (s) => wanted.length === 0 || wanted.some((word) => fold(`${s.title}\n${s.body}`).includes(word)),
          )
          .map((s) => s.title);
        return [{ id: entry.id, kind: entry.kind, title: text.title, summary: text.summary, matches }];
      });
    return { results };
  }

  function article(id: string, language: Language): HelpArticle {
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw new NotFound('No such help article.');
    return { id: entry.id, kind: entry.kind, ...entry.text[language] };
  }

  function documents(language: Language): HelperDocument[] {
    return DOCUMENTS.map((d) => ({
      id: d.id,
      name: d.name,
      title: DOCUMENT_TITLES[d.kind][language],
      description: d.description[language],
      language,
    }));
  }

  function findDocument(ref: { id?: number | undefined; name?: string | undefined }) {
    const found = DOCUMENTS.find(
      (d) => (ref.id === undefined || d.id === ref.id) && (ref.name === undefined || d.name === ref.name),
    );
    if (!found) throw new NotFound('No such helper document.');
    return found;
  }

  return {
    search,
    article,
    documents,
    /** SPEC §7 download: id and/or name → the url of the file (both given must name the same one). */
    download(ref: { id?: number | undefined; name?: string | undefined; language: Language }) {
      const doc = findDocument(ref);
      return { url: `/api/helper-documents/${doc.id}/file/?language=${ref.language}` };
    },
    /** The PDF, written once per document and language from the same texts as the screens. */
    async file(id: number, language: Language) {
      const doc = findDocument({ id });
      const key = `${doc.id}:${language}`;
      let body = pdfs.get(key);
      if (!body) {
        const texts: HelpText[] = entries.filter((e) => e.kind === doc.kind).map((e) => e.text[language]);
        body = helpPdf(DOCUMENT_TITLES[doc.kind][language], texts);
        body.catch(() => pdfs.delete(key));
        pdfs.set(key, body);
      }
      return { filename: `${doc.name}-${language}.pdf`, body: await body };
    },
  };
}
