import { describe, expect, it } from 'vitest';
import { JOB_TITLES, NO_JOB } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { generateNetwork } from '../generate/network';
import { AccountKind } from '../model/accounts';
import { avatarOf, avatarSvg } from './avatar';
import { bioOf, locationOf } from './bio';
import { postContent } from './post-text';

const net = generateNetwork({ accounts: 2500, seed: 'text', historyDays: 5 });
const a = net.accounts;
const all = [...Array(a.count).keys()];
const lang = (i: number): string => LANGUAGE_CODES[a.language[i]!]!;

describe('bios', () => {
  it('are reproducible and written in the account language', () => {
    expect(all.map((i) => bioOf(a, i))).toEqual(all.map((i) => bioOf(a, i)));
    const japanese = all.filter((i) => lang(i) === 'ja' && bioOf(a, i));
    expect(japanese.length).toBeGreaterThan(50);
    const kana = japanese.filter((i) => /[\u3040-\u30ff\u4e00-\u9faf]/.test(bioOf(a, i)));
    expect(kana.length / japanese.length).toBeGreaterThan(0.95);
  });

  it('mention the job title when the template has room for it', () => {
    const withJob = all.filter((i) => a.kind[i] === AccountKind.person && a.job[i] !== NO_JOB && bioOf(a, i));
    const mentioning = withJob.filter((i) =>
      bioOf(a, i)
        .toLowerCase()
        .includes(JOB_TITLES[a.job[i]!]!.text[lang(i) as 'en'].toLowerCase()),
    );
    expect(mentioning.length / withJob.length).toBeGreaterThan(0.4);
  });

  it('are empty or spammy with a link for spam accounts', () => {
    const spam = all.filter((i) => a.kind[i] === AccountKind.spam);
    expect(spam.every((i) => bioOf(a, i) === '' || bioOf(a, i).includes('https://short.example/'))).toBe(
      true,
    );
    expect(
      all.filter((i) => a.kind[i] !== AccountKind.spam).some((i) => bioOf(a, i).includes('short.example')),
    ).toBe(false);
  });

  it('come with a location text and an avatar', () => {
    expect(all.filter((i) => locationOf(a, i) !== '').length / a.count).toBeGreaterThan(0.7);
    const avatar = avatarOf(a, 0);
    expect(avatarSvg(avatar)).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(all.some((i) => avatarOf(a, i).kind === 'default')).toBe(true);
  });
});

describe('posts', () => {
  const posts = [...Array(net.posts.length).keys()];

  it('carry the hashtags and the @mention they list', () => {
    for (const p of posts.slice(0, 2000)) {
      const content = postContent(net, p);
      for (const tag of content.hashtags) expect(content.text).toContain(tag);
      for (const m of content.mentions) expect(content.text).toContain(`@${a.handles[m]}`);
    }
  });

  it('repeat word for word when spam bots burst', () => {
    const spamPosts = posts.filter(
      (p) => a.kind[net.posts.author.get(p)] === AccountKind.spam && net.posts.replyTo.get(p) < 0,
    );
    expect(spamPosts.length).toBeGreaterThan(20);
    const texts = spamPosts.map((p) => postContent(net, p).text.replace(/@\w+$/, ''));
    expect(new Set(texts).size).toBeLessThan(texts.length / 3);
  });

  it('start replies with the @handle they answer', () => {
    const replies = posts.filter((p) => net.posts.replyTo.get(p) >= 0).slice(0, 200);
    expect(replies.length).toBeGreaterThan(0);
    for (const p of replies) {
      const original = net.posts.author.get(net.posts.replyTo.get(p));
      expect(postContent(net, p).text.startsWith(`@${a.handles[original]}`)).toBe(true);
    }
  });
});

describe('text as people type it', () => {
  const posts = [...Array(net.posts.length).keys()].map((p) => postContent(net, p).text);

  it('never capitalises a link, even after a full stop', () => {
    expect(posts.some((t) => t.includes('https://'))).toBe(true);
    expect(posts.filter((t) => /Https?:\/\//.test(t))).toEqual([]);
  });

  it('types hashtags mostly in lower case, often in CamelCase, and never writes a label that lists things', () => {
    const tags = posts.flatMap((t) => t.match(/#[A-Za-z][A-Za-z0-9]+/g) ?? []);
    expect(tags.length).toBeGreaterThan(200);
    const lower = tags.filter((t) => t === t.toLowerCase()).length / tags.length;
    const camel = tags.filter((t) => /^#[A-Z][a-z]+[A-Z]/.test(t)).length;
    expect(lower).toBeGreaterThan(0.3);
    expect(camel).toBeGreaterThan(0);
    expect(posts.filter((t) => /#\w*And[A-Z]|\b\w+ and \w+ and \w+\b/.test(t))).toEqual([]);
  });

  it('varies: English, Japanese and Spanish posts draw on hundreds of words even in a small sample', () => {
    // 2 500 accounts, five days: templates over interest words gave 272 / 148 / 133 distinct words
    // and 9 % repeated English posts; the grammar gives ~1 460 / 575 / 420 and no repeats.
    const least = { en: 1000, ja: 400, es: 300 };
    for (const [code, bar] of Object.entries(least)) {
      const originals = [...Array(net.posts.length).keys()].filter((p) => {
        const author = net.posts.author.get(p);
        return lang(author) === code && a.kind[author] !== AccountKind.spam && net.posts.replyTo.get(p) < 0;
      });
      const texts = originals.map((p) => postContent(net, p).text.replace(/\s*@\w+$/, ''));
      expect(new Set(texts).size / texts.length, code).toBeGreaterThan(0.97);
      const segmenter = new Intl.Segmenter(code, { granularity: 'word' });
      const words = new Set(
        texts.flatMap((t) =>
          [...segmenter.segment(t.replace(/[#@]\S+/g, ''))]
            .filter((s) => s.isWordLike)
            .map((s) => s.segment.toLowerCase()),
        ),
      );
      expect(words.size, code).toBeGreaterThan(bar);
    }
  });

  it('gives brands and media bios that speak as organisations', () => {
    const organisations = all.filter(
      (i) => a.kind[i] === AccountKind.brand || a.kind[i] === AccountKind.media,
    );
    expect(organisations.length).toBeGreaterThan(0);
    for (const i of organisations) expect(bioOf(a, i)).toMatch(/\.example$/);
    const english = organisations.filter((i) => lang(i) === 'en').map((i) => bioOf(a, i));
    expect(
      english.some((b) => /official|DM us|newsroom|Customer care|reporting|updates|weekdays/i.test(b)),
    ).toBe(english.length > 0);
  });
});
