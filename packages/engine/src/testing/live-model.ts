// A model of the network as an export, and random live events over it (live-index.test.ts,
// live-insights.test.ts): the model makes to its records every change an event makes to the index.
import type { LiveEvent, LiveUser } from '@murmur/core/live';
import { buildIndex } from '../ingest/build-index';
import { LIVE_BUILD_OPTIONS } from '../live/live-engine';
import type { AudienceIndex } from '../postings/audience-index';
import { FIXTURE_CATALOGUES } from './fixture-catalogues';

type Rec = Record<string, unknown> & { n: number; id: string; handle: string };
interface PostRec {
  n: number;
  id: string;
  author: number;
  text: string;
  hashtags: string[];
  lang: string;
  likedBy: number[][];
  repostedBy: number[][];
  replies: number;
  replyTo: string | null;
}

export const WORDS = ['coffee', 'jazz', 'rocket', 'climate', 'soccer', 'manga', 'night', 'ramen', 'chiba'];
export const LOCS = ['Japan', 'Chiba, JP', 'California, US', 'chiba, chiba, jp', 'Atlantis', ''];

export class Model {
  accounts = new Map<string, Rec>();
  following = new Map<number, Set<number>>();
  posts = new Map<string, PostRec>();
  reposts = new Map<string, [number, string]>();
  removed = new Set<string>();
  /** Location texts the engine has seen in `user` events (not the base export's: it keeps no text). */
  heldText = new Map<string, string>();
  /** Follows of accounts not seen yet, per target: from → [its number then, follow or unfollow]. */
  heldFollows = new Map<string, Map<string, [number, boolean]>>();
  next = 0;
  nextPost = 0;

  byN(n: number): Rec | undefined {
    return [...this.accounts.values()].find((a) => a.n === n);
  }

  /**
   * The model as an export. `numbers: 'kept'` keeps each post's own number, as the sandbox's export
   * does, so posts deleted before the export leave gaps; 'dense' numbers the posts 0, 1, 2, …
   */
  lines(numbers: 'dense' | 'kept' = 'dense'): string[] {
    const records: object[] = [
      { format: 'murmur-sandbox-export', version: 1, seed: 't', accounts: this.next, scale: 1000 },
      ...FIXTURE_CATALOGUES,
      ...[...this.accounts.values()].map((a) => ({ type: 'account', ...a })),
      ...[...this.following]
        .filter(([, s]) => s.size > 0)
        .map(([n, s]) => ({ type: 'following', n, to: [...s] })),
      ...[...this.posts.values()].map((p, i) => ({
        type: 'post',
        ...p,
        n: numbers === 'kept' ? p.n : i,
        likes: p.likedBy.length,
        reposts: p.repostedBy.length,
      })),
    ];
    records.push({ type: 'end', records: records.length + 1 });
    return records.map((r) => `${JSON.stringify(r)}\n`);
  }

  user(u: LiveUser, relocated = false): void {
    if (this.removed.has(u.id)) return;
    const old = this.accounts.get(u.id);
    const held = this.heldText.get(u.id);
    this.heldText.set(u.id, u.location);
    // Refinement of rule 2: a known account's places re-resolve only from a text the engine held and
    // that changed, or when X said the place changed (`relocated`: profile.update.geo).
    const place =
      !old || relocated || (held !== undefined && held !== u.location)
        ? placeOf(u.location)
        : { country: old.country, region: old.region, city: old.city, metro: old.metro };
    const base = old ?? {
      n: this.next++,
      lang: '',
      gender: null,
      age: null,
      job: null,
      jobCategory: null,
      device: '',
      operator: null,
      interests: [],
      topics: [],
      movies: [],
      kind: '',
      followers: 0,
      following: 0,
      posts: 0,
    };
    this.accounts.set(u.id, {
      ...base,
      id: u.id,
      handle: u.handle,
      name: u.name,
      bio: u.bio,
      location: u.location,
      ...place,
      created: u.created,
      verified: u.verified,
      protected: u.protected,
    });
    // The engine holds a follow of an account not seen yet until it comes (docs/LIVE.md).
    const waiting = this.heldFollows.get(u.id) ?? [];
    this.heldFollows.delete(u.id);
    for (const [from, [n, add]] of waiting)
      if (this.accounts.get(from)?.n === n)
        this.event({ type: add ? 'follow' : 'unfollow', key: '', at: 0, from, to: u.id });
  }

  event(e: LiveEvent): void {
    const bump = (a: Rec | undefined, k: string, by: number) => {
      if (a) a[k] = Math.max(0, (a[k] as number) + by);
    };
    switch (e.type) {
      case 'user':
        return this.user(e.user, e.relocated === true);
      case 'post': {
        if (e.author && !this.accounts.has(e.author.id)) this.user(e.author);
        const a = this.accounts.get(e.post.author);
        if (!a) return;
        if (e.post.repostOf !== null) {
          const o = this.posts.get(e.post.repostOf);
          if (!o || this.reposts.has(e.post.id) || o.repostedBy.some(([x]) => x === a.n)) return;
          this.reposts.set(e.post.id, [a.n, o.id]);
          o.repostedBy.push([a.n, 0]);
          return;
        }
        if (this.posts.has(e.post.id)) return;
        const parent = e.post.replyTo === null ? undefined : this.posts.get(e.post.replyTo);
        if (parent) parent.replies++;
        this.posts.set(e.post.id, {
          n: this.nextPost++,
          id: e.post.id,
          author: a.n,
          text: e.post.text,
          hashtags: e.post.hashtags,
          lang: e.post.lang,
          likedBy: [],
          repostedBy: [],
          replies: 0,
          replyTo: parent ? parent.id : null,
        });
        bump(a, 'posts', 1);
        a.lang = e.post.lang;
        return;
      }
      case 'like': {
        const a = this.accounts.get(e.user);
        const p = this.posts.get(e.post);
        if (!a || !p || p.likedBy.some(([x]) => x === a.n)) return;
        p.likedBy.push([a.n, 0]);
        return;
      }
      case 'follow':
      case 'unfollow': {
        const f = this.accounts.get(e.from);
        const t = this.accounts.get(e.to);
        if (f && !t && e.from !== e.to && !this.removed.has(e.to)) {
          const held = this.heldFollows.get(e.to) ?? new Map<string, [number, boolean]>();
          held.delete(e.from);
          this.heldFollows.set(e.to, held.set(e.from, [f.n, e.type === 'follow']));
          return;
        }
        if (!f || !t || f === t) return;
        const set = this.following.get(f.n) ?? new Set();
        this.following.set(f.n, set);
        if (set.has(t.n) === (e.type === 'follow')) return;
        if (e.type === 'follow') set.add(t.n);
        else set.delete(t.n);
        const by = e.type === 'follow' ? 1 : -1;
        bump(f, 'following', by);
        bump(t, 'followers', by);
        return;
      }
      case 'post-delete':
        return this.deletePost(e.post);
      case 'user-protect': {
        // Refinement (sandbox): protecting only sets the flag; the account keeps everything.
        const a = this.accounts.get(e.user);
        if (a) a.protected = true;
        return;
      }
      case 'user-delete':
      case 'user-suspend': {
        const a = this.accounts.get(e.user);
        if (!a) return;
        for (const p of [...this.posts.values()]) if (p.author === a.n) this.deletePost(p.id);
        for (const p of this.posts.values()) p.likedBy = p.likedBy.filter(([x]) => x !== a.n);
        for (const [id, [actor]] of this.reposts) if (actor === a.n) this.deletePost(id);
        // Reposts the model has no id for (made before its export) leave too.
        for (const p of this.posts.values()) p.repostedBy = p.repostedBy.filter(([x]) => x !== a.n);
        for (const t of this.following.get(a.n) ?? []) bump(this.byN(t), 'followers', -1);
        this.following.delete(a.n);
        for (const [f, set] of this.following) if (set.delete(a.n)) bump(this.byN(f), 'following', -1);
        this.accounts.delete(a.id);
        this.removed.add(a.id);
        this.heldText.delete(a.id);
        return;
      }
      case 'user-restore': {
        this.removed.delete(e.user);
        const a = this.accounts.get(e.user);
        if (a) a.protected = false;
      }
    }
  }

  deletePost(id: string): void {
    const repost = this.reposts.get(id);
    if (repost) {
      this.reposts.delete(id);
      const o = this.posts.get(repost[1]);
      if (o) o.repostedBy = o.repostedBy.filter(([x]) => x !== repost[0]);
      return;
    }
    const p = this.posts.get(id);
    if (!p) return;
    this.posts.delete(id);
    const parent = p.replyTo === null ? undefined : this.posts.get(p.replyTo);
    if (parent) parent.replies = Math.max(0, parent.replies - 1);
    const a = this.byN(p.author);
    if (a) a.posts = Math.max(0, (a.posts as number) - 1);
  }
}

function placeOf(text: string): Record<string, string | null> {
  switch (text.trim().toLowerCase()) {
    case 'japan':
      return { country: 'JP', region: null, city: null, metro: null };
    case 'chiba, jp':
      return { country: 'JP', region: 'Chiba', city: null, metro: null };
    case 'california, us':
      return { country: 'US', region: 'California', city: null, metro: null };
    case 'chiba, chiba, jp':
      return { country: 'JP', region: 'Chiba', city: 'Chiba', metro: null };
    default:
      return { country: null, region: null, city: null, metro: null };
  }
}

/** A random base network (E0) as a model. */
export function baseModel(rand: () => number, accounts: number, posts: number): Model {
  const m = new Model();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  for (let i = 0; i < accounts; i++) {
    const id = String(1000 + i);
    m.user({ ...user(id, rand), location: pick(LOCS) });
    const a = m.accounts.get(id)!;
    Object.assign(a, {
      lang: pick(['en', 'ja', 'es']),
      gender: pick(['male', 'female', null]),
      age: pick(['18-20', '25-34', null]),
      operator: pick(['1', '5', null]),
      device: pick(['ios', 'android']),
      interests: rand() < 0.5 ? [pick(['20005', '20006', '22001', '9001'])] : [],
      topics: rand() < 0.3 ? ['100'] : [],
      kind: 'person',
    });
  }
  for (let i = 0; i < accounts * 3; i++)
    m.event({
      type: 'follow',
      key: `f${i}`,
      at: 0,
      from: String(1000 + Math.floor(rand() * accounts)),
      to: String(1000 + Math.floor(rand() * accounts)),
    });
  for (let i = 0; i < posts; i++)
    m.event(postEvent(String(9000 + i), String(1000 + Math.floor(rand() * accounts)), rand, null));
  for (let i = 0; i < posts * 2; i++)
    m.event({
      type: 'like',
      key: `l${i}`,
      at: 0,
      user: String(1000 + Math.floor(rand() * accounts)),
      post: String(9000 + Math.floor(rand() * posts)),
      author: '',
    });
  // The engine is built from this export: it holds none of these texts.
  m.heldText.clear();
  return m;
}

export function user(id: string, rand: () => number): LiveUser {
  const words = WORDS.filter(() => rand() < 0.3).join(' ');
  return {
    id,
    handle: `h${id}x${Math.floor(rand() * 3)}`,
    name: `N ${id}`,
    bio: words,
    location: LOCS[Math.floor(rand() * LOCS.length)]!,
    created: '2020-01-01T00:00:00Z',
    protected: false,
    verified: rand() < 0.2,
    followers: 0,
    following: 0,
    posts: 0,
  };
}

export function postEvent(
  id: string,
  author: string,
  rand: () => number,
  replyTo: string | null,
  repostOf: string | null = null,
): LiveEvent {
  return {
    type: 'post',
    key: `post:${id}`,
    at: 1,
    post: {
      id,
      author,
      created: '2026-07-01T00:00:00Z',
      lang: ['en', 'ja', 'es'][Math.floor(rand() * 3)]!,
      text: WORDS.filter(() => rand() < 0.3).join(' '),
      hashtags: rand() < 0.3 ? ['Jazz'] : [],
      mentions: [],
      replyTo,
      repostOf,
      quoteOf: null,
    },
  };
}

/** Random live events over the model's ids (some unknown, some replays). */
export function randomEvents(m: Model, rand: () => number, count: number): LiveEvent[] {
  const ids = () => [...m.accounts.keys(), '1', '77777'];
  const postIds = () => [...m.posts.keys(), '1'];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const out: LiveEvent[] = [];
  let fresh = 0;
  for (let i = 0; i < count; i++) {
    const r = rand();
    let e: LiveEvent;
    if (r < 0.08) {
      const u = user(String(50_000 + fresh++), rand);
      e = { type: 'user', key: `user:${u.id}:${i}`, at: i, user: u };
    } else if (r < 0.14) {
      const u = { ...user(pick(ids()), rand) };
      // Every third a profile.update.geo (the place resolved again), the others a user object.
      e = {
        type: 'user',
        key: `user:${u.id}:${i}`,
        at: i,
        user: u,
        ...(i % 3 === 0 && { relocated: true as const }),
      };
    } else if (r < 0.32) {
      const id = String(70_000 + i);
      const kind = rand();
      e = postEvent(
        id,
        pick(ids()),
        rand,
        kind < 0.2 ? pick(postIds()) : null,
        kind > 0.85 ? pick(postIds()) : null,
      );
      if (rand() < 0.1) {
        const a = user(String(60_000 + i), rand);
        e = { ...postEvent(id, a.id, rand, null), author: a } as LiveEvent;
      }
    } else if (r < 0.55) {
      e = { type: 'like', key: `like:${i}`, at: i, user: pick(ids()), post: pick(postIds()), author: '' };
    } else if (r < 0.8) {
      e = {
        type: rand() < 0.7 ? 'follow' : 'unfollow',
        key: `fo:${i}`,
        at: i,
        from: pick(ids()),
        to: pick(ids()),
      };
    } else if (r < 0.88) {
      e = {
        type: 'post-delete',
        key: `post-delete:${i}`,
        at: i,
        post: pick([...postIds(), ...m.reposts.keys()]),
        author: '',
      };
    } else if (r < 0.95) {
      e = {
        type: pick(['user-delete', 'user-suspend', 'user-protect'] as const),
        key: `c:${i}`,
        at: i,
        user: pick(ids()),
      };
    } else {
      e = {
        type: 'user-restore',
        key: `r:${i}`,
        at: i,
        user: pick([
          ...m.removed,
          ...[...m.accounts.values()].filter((a) => a.protected).map((a) => a.id),
          '1',
        ]),
      };
    }
    m.event(e);
    out.push(e);
    if (rand() < 0.05) out.push(e); // a replay
  }
  return out;
}

/** The index built from the model's export, as a live engine needs it. */
export async function build(m: Model): Promise<AudienceIndex> {
  return buildIndex(m.lines(), LIVE_BUILD_OPTIONS);
}
