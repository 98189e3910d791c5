import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A token as kuromoji (IPADIC) gives it: surface, part of speech and dictionary form. */
export interface KuromojiToken {
  surface_form: string;
  /** 名詞, 動詞, 形容詞, 助詞, 助動詞, 記号 … */
  pos: string;
  /** 一般, 固有名詞, 非自立, 数, 接尾, 自立 … */
  pos_detail_1: string;
  /** The dictionary form (探し → 探す); '*' for unknown words. */
  basic_form: string;
}

interface Tokenizer {
  tokenize(text: string): KuromojiToken[];
}

interface Kuromoji {
  builder(options: { dicPath: string }): {
    build(callback: (error: Error | null, tokenizer: Tokenizer) => void): void;
  };
}

const require = createRequire(import.meta.url);

/** kuromoji's tokenizer with the IPADIC dictionary its package ships (read from node_modules). */
export function loadKuromoji(): Promise<Tokenizer> {
  const kuromoji = require('kuromoji') as Kuromoji;
  const dicPath = join(dirname(require.resolve('kuromoji/package.json')), 'dict');
  return new Promise((resolve, reject) =>
    kuromoji.builder({ dicPath }).build((error, tokenizer) => (error ? reject(error) : resolve(tokenizer))),
  );
}

/** Parts of speech that name things or actions: what a word cloud or a keyword is made of. */
const CONTENT = new Set(['名詞', '動詞', '形容詞']);
/** Nouns that are no words of their own: dependent nouns (こと, よう), numbers, suffixes (さん, 的). */
const NOT_CONTENT_DETAIL = new Set(['非自立', '数', '接尾', '代名詞']);

/**
 * The words kuromoji finds in a run of Japanese: nouns, verbs and adjectives (verbs and adjectives
 * in their dictionary form), without dependent nouns, numbers, suffixes and pronouns, and without
 * Murmur's stop-words — the same filtering the engine applies to ICU's segments.
 */
export function kuromojiWords(
  tokenizer: Tokenizer,
  run: string,
  stopwords: ReadonlySet<string>,
  emit: (word: string) => void,
): void {
  for (const t of tokenizer.tokenize(run)) {
    if (!CONTENT.has(t.pos) || NOT_CONTENT_DETAIL.has(t.pos_detail_1)) continue;
    // 動詞/形容詞 非自立 (いる, ある after て) are auxiliaries.
    if (t.pos !== '名詞' && t.pos_detail_1 !== '自立') continue;
    const word = t.pos === '名詞' || t.basic_form === '*' ? t.surface_form : t.basic_form;
    if (!stopwords.has(word)) emit(word);
  }
}
