import { describe, expect, it, vi } from 'vitest';
import { CharClass, charClass, prepareTexts, readByIterator, tokenise, warmRuns } from '@murmur/core/text';
import { exportChunks, generateNetwork } from '@murmur/sandbox';

// The reference reading: ICU's segments by the standard iterator, one ICU call per run, no cache.
// Both readings go through core's one walker (cjkWords): only how a segment is read differs.
const referenceTokenise = (text: string, emit: (token: string) => void): void =>
  tokenise(text, emit, readByIterator);

const all = (tokeniser: (text: string, emit: (t: string) => void) => void, text: string): string[] => {
  const out: string[] = [];
  tokeniser(text, (t) => out.push(t));
  return out;
};

/** Every bio and post text of a generated sandbox network, as its export writes them. */
async function networkTexts(accounts: number, seed: string): Promise<string[]> {
  const texts: string[] = [];
  let buffered = '';
  for await (const chunk of exportChunks(generateNetwork({ accounts, seed }))) {
    const lines = (buffered + chunk).split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (line === '') continue;
      const r = JSON.parse(line) as { type?: string; bio?: string; text?: string };
      if (r.type === 'account' && r.bio) texts.push(r.bio);
      if (r.type === 'post' && r.text) texts.push(r.text);
    }
  }
  return texts;
}

describe("CJK segmentation (ICU's segments walked with `containing`, run cache) gives the iterator's tokens", () => {
  it('on every bio and post of a generated sandbox network', async () => {
    const texts = await networkTexts(3000, 'cjk-segmentation');
    const cjk = texts.filter((t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t));
    expect(cjk.length).toBeGreaterThan(1000);
    let differing = 0;
    const examples: string[] = [];
    // Twice: the first pass fills the run cache, the second reads it.
    for (let pass = 0; pass < 2; pass++) {
      for (const text of texts) {
        const expected = all(referenceTokenise, text);
        const actual = all(tokenise, text);
        if (actual.join('\u0001') !== expected.join('\u0001')) {
          differing++;
          if (examples.length < 5) examples.push(`${text} → ${actual.join('|')} ≠ ${expected.join('|')}`);
        }
      }
    }
    expect(examples).toEqual([]);
    expect(differing).toBe(0);
  }, 120_000);

  it('when the runs were segmented in groups first (prepareTexts), with one ICU call per group', async () => {
    // A network of its own: its runs are not in the cache yet.
    const texts = await networkTexts(2000, 'cjk-segmentation-groups');
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    try {
      let runs = 0;
      for (let i = 0; i < texts.length; i += 64) {
        const batch = texts.slice(i, i + 64);
        segment.mockClear();
        prepareTexts(batch);
        const grouped = segment.mock.calls.length;
        segment.mockClear();
        const actual = batch.map((t) => all(tokenise, t));
        // Every run was cached by the groups: tokenising calls ICU no more.
        expect(segment.mock.calls.length).toBe(0);
        const expected = batch.map((t) => all(referenceTokenise, t));
        expect(actual).toEqual(expected);
        runs += grouped;
      }
      // Groups of up to 16 runs: far fewer calls than the texts with runs.
      expect(runs).toBeGreaterThan(0);
      expect(runs).toBeLessThan(texts.filter((t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t)).length / 4);
    } finally {
      segment.mockRestore();
    }
  }, 120_000);

  it('in groups, on single characters, Katakana pairs and runs holding the separator', () => {
    const runs: string[] = [];
    for (let c = 0x3040; c <= 0x30ff; c++) if (c !== 0x30fb) runs.push(String.fromCharCode(c));
    for (let c = 0x4e00; c <= 0x9fff; c += 37) runs.push(String.fromCharCode(c));
    runs.push('ーー', 'アー', 'ーア', 'ヴァ', 'ヶ月', '々', '\u4dbf', '猫\u4dbf犬', '\u4dbf\u4dbf', 'ｶﾀｶﾅ');
    for (const a of ['ア', 'ン', 'ー', 'ッ'])
      for (const b of ['イ', 'ン', 'ー', 'ャ']) runs.push(a + b, `${a}${b}ー`);
    const fresh = runs.map((r) => `${r}`);
    warmRuns(fresh);
    for (const run of fresh) expect(all(tokenise, run), run).toEqual(all(referenceTokenise, run));
  });

  it('on every single Han and kana character, and every pair of Katakana letters', () => {
    const chars: string[] = [];
    for (let c = 0x3000; c <= 0xffff; c++) {
      const k = charClass(c);
      if (k === CharClass.han || k === CharClass.hiragana || k === CharClass.katakana) {
        chars.push(String.fromCharCode(c));
      }
    }
    expect(chars.length).toBeGreaterThan(20_000);
    const wrong = chars.filter((ch) => all(tokenise, ch).join('|') !== all(referenceTokenise, ch).join('|'));
    expect(wrong).toEqual([]);
    const katakana: string[] = ['ー'];
    for (let c = 0x30a1; c <= 0x30fa; c++) katakana.push(String.fromCharCode(c));
    const pairs: string[] = [];
    for (const a of katakana) for (const b of katakana) pairs.push(a + b, `${a}${b}ー`, `ー${a}${b}`);
    const wrongPairs = pairs.filter(
      (p) => all(tokenise, p).join('|') !== all(referenceTokenise, p).join('|'),
    );
    expect(wrongPairs).toEqual([]);
  });

  it('on edge cases: several runs in one text, repeated runs, runs beside Latin, Korean and emoji', () => {
    const cases = [
      '横浜在住。看護師です、メンタルヘルスについて呟きます',
      '猫と株と読書 猫と株と読書 猫と株と読書',
      '生成AIの話、AI生成の話。ai生成aiの話',
      'ゲーム実況垢🎮インディーゲーム・メンタルヘルス／筋トレ',
      '커피를 좋아하는 사람 コーヒー好き 咖啡',
      '我们喜欢喝咖啡，他们在看书。看護師、会社員',
      'https://example.com/日本語 の後の日本語 @名前 #日本語タグ',
      'ＡＩ　全角スペース　ｶﾀｶﾅ 半角ｶﾀｶﾅ',
      'ーー ー アー ーア ヴァ ヶ月 ゠ 々 〆',
      '100万円 20代 3年目 2024年4月1日',
      'a 日 b 本 c 語 d',
      '',
    ];
    for (const text of cases) expect(all(tokenise, text), text).toEqual(all(referenceTokenise, text));
  });
});
