import { buildIndex, type ExportSource } from '../ingest/build-index';
import type { BuildOptions } from '../ingest/record-sink';
import { countBits } from '../bits/bitset';
import { ExportFormatError } from '../errors';
import type { AudienceIndex } from '../postings/audience-index';
import { LineSplitter } from '../parse/lines';
import { GrowableU32 } from '../util/growable';

/** Which of `shards` shards holds account `n`: accounts are split by number. */
export const shardOf = (n: number, shards: number): number => n % shards;

export interface ShardSpec {
  /** This shard, 0 … shards − 1. */
  shard: number;
  shards: number;
}

type Loose = Record<string, unknown> & { type?: unknown };

const KEPT_TYPES: ReadonlySet<string> = new Set(['account', 'following', 'post', 'catalogue', 'end']);
const TYPE_PREFIX = '{"type":"';

/** The whole number after `"key":` near the start of a line (as the sandbox writes it), else undefined. */
function leadingNumber(text: string, key: string): number | undefined {
  const at = text.indexOf(`"${key}":`);
  if (at < 0 || at > 160) return undefined;
  let n = 0;
  let i = at + key.length + 3;
  const start = i;
  for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) n = n * 10 + c - 48;
  return i > start && i - start < 16 ? n : undefined;
}

/** The numbers of a `"to":[…]` list of whole numbers (a following record), else undefined. */
function followees(text: string): number[] | undefined {
  const at = text.indexOf('"to":[');
  if (at < 0) return undefined;
  const out: number[] = [];
  let i = at + 6;
  if (text.charCodeAt(i) === 93) return out; // ]
  for (;;) {
    let n = 0;
    const start = i;
    for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) n = n * 10 + c - 48;
    if (i === start || i - start > 15) return undefined;
    out.push(n);
    const c = text.charCodeAt(i++);
    if (c === 93) return out; // ]
    if (c !== 44) return undefined; // ,
  }
}

/** The string after `"key":` near the start of a line when it is plain (no escapes), else undefined. */
function leadingString(text: string, key: string): string | undefined {
  const quoted = `"${key}":"`;
  const at = text.indexOf(quoted);
  if (at < 0 || at > 200) return undefined;
  const end = text.indexOf('"', at + quoted.length);
  const value = text.slice(at + quoted.length, end);
  return end < 0 || value.includes('\\') ? undefined : value;
}

/**
 * The records of the bulk export one shard indexes: its own accounts whole, with their follows
 * (each follow is stored with its follower) and their posts; every other account only as its
 * number and handle, so that "followers of @x" resolves @x and the follows to x are kept whatever
 * shard x is on. The header's sizing hints are divided among the shards; the trailer is rewritten
 * to the records passed on (after checking the export's own count).
 */
export async function* shardRecords(
  source: ExportSource,
  spec: ShardSpec,
  /** When given, receives the export's line number of every record passed on, in order. */
  lines?: GrowableU32,
  /**
   * Other shards' accounts keep their X id beside number and handle (a live shard: the events
   * that name them find them by id, live-shard.ts), and their follows of this shard's accounts (so
   * that an unfollow, or the follower's deletion, takes one off the followed account's count here).
   */
  keepIds = false,
  /** When given, its `posts` is raised to every post number of the export + 1, whoever's post. */
  exported?: { posts: number },
): AsyncGenerator<object> {
  const { shard, shards } = spec;
  if (!Number.isInteger(shards) || shards < 1 || !Number.isInteger(shard) || shard < 0 || shard >= shards) {
    throw new RangeError(`Shard ${shard} of ${shards} does not exist.`);
  }
  const owned = (n: unknown) => typeof n === 'number' && n % shards === shard;
  let seen = 0;
  let passed = 0;
  let pending: object[] = [];
  const emit = (record: object) => {
    pending.push(record);
    lines?.push(seen);
  };
  /** Another shard's account's follows of this shard's accounts, when it has any. */
  const followsOfOwned = (n: unknown, to: readonly number[]) => {
    const kept = to.filter(owned);
    if (kept.length === 0) return;
    emit({ type: 'following', n, to: kept });
    passed++;
  };
  const onLine = (text: string) => {
    if (text.length === 0 || (text.length < 8 && text.trim() === '')) return;
    seen++;
    if (text.startsWith(TYPE_PREFIX)) {
      const end = text.indexOf('"', TYPE_PREFIX.length);
      const type = end > 0 ? text.slice(TYPE_PREFIX.length, end) : '';
      if (end > 0 && !KEPT_TYPES.has(type)) return;
      // Another shard's follows and posts are skipped, and its accounts reduced to number and
      // handle, without parsing the line (most of the export's bytes belong to other shards).
      if (seen > 1 && (type === 'following' || type === 'post' || type === 'account')) {
        const n = leadingNumber(text, type === 'post' ? 'author' : 'n');
        // A post's own number, when the export's post count is asked for (else parsed below).
        const post = exported && type === 'post' ? leadingNumber(text, 'n') : 0;
        if (exported && post !== undefined && post >= exported.posts) exported.posts = post + 1;
        if (n !== undefined && !owned(n) && post !== undefined) {
          if (type === 'following' && keepIds) {
            const to = followees(text);
            if (to !== undefined) {
              followsOfOwned(n, to);
              return;
            }
          }
          if (type !== 'account') return;
          const handle = leadingString(text, 'handle');
          const id = keepIds ? leadingString(text, 'id') : undefined;
          if (handle !== undefined && (!keepIds || id !== undefined)) {
            emit(id === undefined ? { type: 'account', n, handle } : { type: 'account', n, id, handle });
            passed++;
            return;
          }
        }
      }
    }
    let r: Loose;
    try {
      r = JSON.parse(text) as Loose;
    } catch {
      throw new ExportFormatError(`Line ${seen} of the export is not valid JSON: ${text.slice(0, 80)}`);
    }
    if (seen === 1) {
      const counts = (r.counts ?? {}) as Record<string, number>;
      const part = (v: number | undefined) => (v === undefined ? undefined : Math.ceil(v / shards));
      emit({ ...r, counts: { ...counts, follows: part(counts.follows), posts: part(counts.posts) } });
    } else if (r.type === 'account') {
      if (owned(r.n)) emit(r);
      else
        emit(
          keepIds
            ? { type: 'account', n: r.n, id: r.id, handle: r.handle }
            : { type: 'account', n: r.n, handle: r.handle },
        );
    } else if (r.type === 'following') {
      if (owned(r.n)) emit(r);
      else if (keepIds && Array.isArray(r.to)) return followsOfOwned(r.n, r.to as number[]);
      else return;
    } else if (r.type === 'post') {
      if (exported && typeof r.n === 'number' && r.n >= exported.posts) exported.posts = r.n + 1;
      if (owned(r.author)) emit(r);
      else return;
    } else if (r.type === 'end') {
      if (r.records !== seen) {
        throw new ExportFormatError(
          `The export is incomplete: its trailer counts ${String(r.records)} records, ${seen} were read.`,
        );
      }
      emit({ ...r, records: passed + 1 });
    } else emit(r);
    passed++;
  };
  const splitter = new LineSplitter();
  for await (const chunk of source) {
    if (typeof chunk !== 'string') throw new TypeError('shardRecords reads the export as text.');
    splitter.push(chunk, onLine);
    if (pending.length > 0) {
      const out = pending;
      pending = [];
      yield* out;
    }
  }
  splitter.end(onLine);
  yield* pending;
}

/**
 * One shard's index: built from `shardRecords`, then its population narrowed to the accounts it
 * owns (the handle-only records resolve handles and keep follows, but are nobody's members), so
 * every count it gives is a count over its own accounts, and the shards' counts add up to the
 * single engine's.
 */
export async function buildShardIndex(
  source: ExportSource,
  spec: ShardSpec,
  options?: BuildOptions,
): Promise<AudienceIndex> {
  return (await buildShard(source, spec, options)).index;
}

/** A shard's index and where in the export each of its terms was first seen (shard-insights.ts). */
export interface BuiltShard {
  index: AudienceIndex;
  /**
   * Per term id: (line of the export that introduced it) · 2²¹ + its rank among the terms that
   * line introduced. The single engine numbers terms in this order, so the shards' terms sorted by
   * their smallest key are the single engine's term ids — which ranked panels break ties by.
   */
  termOrder: Float64Array;
}

/** buildShardIndex, with the order of its terms in the whole export. */
export async function buildShard(
  source: ExportSource,
  spec: ShardSpec,
  options: BuildOptions = {},
): Promise<BuiltShard> {
  const built = await buildShardRecords(source, spec, options);
  return { index: ownedPart(built.index, spec), termOrder: built.termOrder };
}

/**
 * The index of a shard's records (shardRecords) before its population is narrowed: every account of
 * the export is present, other shards' as number and handle (and X id with `keepIds`).
 */
export async function buildShardRecords(
  source: ExportSource,
  spec: ShardSpec,
  options: BuildOptions = {},
  keepIds = false,
  /** When given, its `posts` is set to the export's post count (every post number + 1). */
  exported?: { posts: number },
): Promise<BuiltShard> {
  const lines = new GrowableU32(1 << 16);
  const keys: number[] = [];
  let record = 0;
  const index = await buildIndex(shardRecords(source, spec, lines, keepIds, exported), {
    ...options,
    onRecordTerms: (terms) => {
      const line = lines.get(record++);
      for (let rank = 0; keys.length < terms; rank++) keys.push(line * 2 ** 21 + rank);
      options.onRecordTerms?.(terms);
    },
  });
  const termOrder = Float64Array.from(keys);
  // Kept with the term table too, so shared memory and snapshots of the shard carry it.
  index.terms.firstSeen = termOrder;
  return { index, termOrder };
}

/** `index` with its population narrowed to the accounts of `spec`'s shard. */
export function ownedPart(index: AudienceIndex, spec: ShardSpec): AudienceIndex {
  const present = index.present.slice();
  for (let n = 0; n < index.size; n++) {
    if (n % spec.shards !== spec.shard) present[n >>> 5]! &= ~(1 << (n & 31));
  }
  const population = countBits(present);
  return { ...index, present, population, stats: { ...index.stats, accounts: population } };
}
