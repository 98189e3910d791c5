import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import type { AudienceEngine } from '@murmur/engine';
import { bioOf, type Network } from '@murmur/sandbox';
import { testNetwork } from '../../test/test-engine';
import { pkg } from './audience-test-kit';

let engine: AudienceEngine;
let network: Network;
beforeAll(async () => {
  ({ engine, network } = await testNetwork());
});

const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]$/u;
/**
 * A lone character written as a word of its own: after the start, a space or punctuation, and
 * before the end, a space, punctuation or a particle (本／詩, 猫と株). 好 in 好き, 呟 in 呟きます, 京
 * in 東京 or 人 in アニメの人 are parts of words.
 */
const standsAlone = (c: string, bio: string): boolean =>
  new RegExp(`(^|[\\s\\p{P}\\p{S}])${c}($|[\\s\\p{P}\\p{S}]|[のがをにはともでや])`, 'u').test(bio);

describe('words in bio of a Japanese audience', () => {
  it('are Japanese words, not single characters cut out of them', () => {
    const insights = engine.insights(engine.evaluate(pkg({ languages: [{ label: 'Japanese' }] })));
    const words = insights.bioWords.words.map((w) => w.key);
    const a = network.accounts;
    const bios: string[] = [];
    for (let i = 0; i < a.count; i++) if (LANGUAGE_CODES[a.language[i]!] === 'ja') bios.push(bioOf(a, i));

    expect(words.length).toBeGreaterThanOrEqual(20);
    // Words of the sandbox's Japanese bios that splitting on script or on ICU alone breaks apart.
    expect(words).toEqual(expect.arrayContaining(['好き', '在住']));
    const single = words.filter((w) => [...w].length === 1);
    expect(single.filter((w) => KANA.test(w))).toEqual([]);
    expect(single.filter((w) => !bios.some((bio) => standsAlone(w, bio)))).toEqual([]);
  });
});
