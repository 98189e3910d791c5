// Account sets pushed to the shards (an uploaded list, a lookalike's seed: what packages name in
// `custom_audiences`), kept in a JetStream key-value bucket rather than in the replicas' memory alone:
// each shard's part of a set is one entry, every replica of the shard watches its entries, and a
// replica that (re)starts reads them all before it serves. A request carries the revision of the
// last set pushed (a header), and a replica behind it waits for its watch before answering, so no
// replica answers without a set pushed before the question.
import { Kvm, KvWatchInclude, type KV, type KvEntry } from '@nats-io/kv';
import type { MsgHdrs, NatsConnection } from '@nats-io/transport-node';
import { headers } from '@nats-io/transport-node';
import { shardOf, type AudienceEngine, type ShardSpec } from '@murmur/engine';
import { DEFAULT_PREFIX } from './protocol';

/** The JetStream key-value bucket holding the sets pushed to shards. */
export const SETS_BUCKET = 'murmur-engine-sets';
/** The request header naming the revision of the sets a replica must have applied to answer. */
export const SETS_REVISION_HEADER = 'Murmur-Sets-Revision';

const token = (prefix: string) => prefix.replace(/[^A-Za-z0-9_-]/g, '_');
const hex = (name: string) => Buffer.from(name, 'utf8').toString('hex');
/** One shard's part of a set: `<prefix>.<shard>.<name as hex>` (names may hold any character). */
const setKey = (prefix: string, shard: number, name: string) =>
  `${token(prefix)}.sets.${shard}.${hex(name) || '_'}`;

const bucket = (nc: NatsConnection): Promise<KV> => new Kvm(nc).create(SETS_BUCKET, { history: 1 });

/** A shard's members of a set as stored: the sorted account numbers, or a bitset over n ÷ shards. */
interface StoredPart {
  name: string;
  encoding: 'list' | 'bits';
  count: number;
  /** base64 of a little-endian Uint32Array. */
  data: string;
}

const toBase64 = (words: Uint32Array) =>
  Buffer.from(words.buffer, words.byteOffset, words.byteLength).toString('base64');
const fromBase64 = (data: string): Uint32Array => {
  const bytes = Buffer.from(data, 'base64');
  const words = new Uint32Array(bytes.length >>> 2);
  for (let i = 0; i < words.length; i++) words[i] = bytes.readUInt32LE(i * 4);
  return words;
};

/** The part of `members` shard `spec.shard` owns, in the smaller of the two encodings. */
export function encodePart(name: string, members: ArrayLike<number>, spec: ShardSpec): StoredPart {
  const owned: number[] = [];
  for (let i = 0; i < members.length; i++) {
    const n = members[i]!;
    if (Number.isInteger(n) && n >= 0 && shardOf(n, spec.shards) === spec.shard) owned.push(n);
  }
  const list = Uint32Array.from(new Set(owned)).sort();
  const last = list.length > 0 ? Math.floor(list[list.length - 1]! / spec.shards) : -1;
  const bitWords = (last + 32) >>> 5;
  if (bitWords >= list.length) return { name, encoding: 'list', count: list.length, data: toBase64(list) };
  const bits = new Uint32Array(bitWords);
  for (const n of list) {
    const at = Math.floor(n / spec.shards);
    bits[at >>> 5]! |= 1 << (at & 31);
  }
  return { name, encoding: 'bits', count: list.length, data: toBase64(bits) };
}

export function decodePart(part: StoredPart, spec: ShardSpec): Uint32Array {
  const words = fromBase64(part.data);
  if (part.encoding === 'list') return words;
  const out = new Uint32Array(part.count);
  let k = 0;
  for (let w = 0; w < words.length; w++) {
    for (let x = words[w]!; x !== 0; x &= x - 1) {
      const at = (w << 5) | (31 - Math.clz32(x & -x));
      out[k++] = at * spec.shards + spec.shard;
    }
  }
  return out.subarray(0, k);
}

/** The pushing side (ShardedEngine): writes and removes a set's parts, and says the revision reached. */
export class PushedSets {
  private kv: Promise<KV> | undefined;
  /** Per shard, the revision of the last part written or removed: requests to it carry it. */
  private readonly revisions: number[];

  constructor(
    private readonly nc: NatsConnection,
    private readonly shards: number,
    private readonly prefix = DEFAULT_PREFIX,
  ) {
    this.revisions = new Array<number>(shards).fill(0);
  }

  private open(): Promise<KV> {
    this.kv ??= bucket(this.nc).catch((error: unknown) => {
      this.kv = undefined;
      throw new Error(`Sets cannot be pushed to the shards without JetStream: ${(error as Error).message}`);
    });
    return this.kv;
  }

  async put(name: string, members: ArrayLike<number>): Promise<void> {
    const kv = await this.open();
    for (let shard = 0; shard < this.shards; shard++) {
      const part = encodePart(name, members, { shard, shards: this.shards });
      const revision = await kv.put(setKey(this.prefix, shard, name), JSON.stringify(part));
      this.revisions[shard] = Math.max(this.revisions[shard]!, revision);
    }
  }

  async remove(name: string): Promise<void> {
    const kv = await this.open();
    for (let shard = 0; shard < this.shards; shard++) {
      const key = setKey(this.prefix, shard, name);
      await kv.delete(key);
      // The delete marker's revision.
      const marker = await kv.get(key);
      this.revisions[shard] = Math.max(this.revisions[shard]!, marker?.revision ?? 0);
    }
  }

  /** The header requests to `shard` carry (none before anything was pushed to it). */
  headers(shard: number): MsgHdrs | undefined {
    const revision = this.revisions[shard] ?? 0;
    if (revision === 0) return undefined;
    const h = headers();
    h.set(SETS_REVISION_HEADER, String(revision));
    return h;
  }
}

/** The replica's side: its shard's sets registered in its engine, kept up to date. */
export interface FollowedSets {
  /** The highest revision applied. */
  readonly revision: number;
  /** Resolves once `revision` is applied (or rejects after `timeoutMs`). */
  until(revision: number, timeoutMs: number): Promise<void>;
  /** Names registered now. */
  names(): string[];
  stop(): void;
}

/**
 * Registers every set pushed to this shard in `engine` (before resolving: a restarted replica
 * serves with them), then follows the bucket: a new or replaced set is registered, a removed one
 * forgotten. Rejects when the server has no JetStream.
 */
export async function followSets(
  nc: NatsConnection,
  engine: AudienceEngine,
  spec: ShardSpec & { prefix?: string | undefined },
  log: (line: string) => void = () => undefined,
): Promise<FollowedSets> {
  const kv = await bucket(nc);
  const filter = `${token(spec.prefix ?? DEFAULT_PREFIX)}.sets.${spec.shard}.>`;
  const keyRevision = new Map<string, number>();
  const names = new Map<string, string>();
  let revision = 0;
  const waiting = new Set<{ revision: number; resolve(): void }>();
  const apply = (entry: Pick<KvEntry, 'key' | 'revision' | 'operation' | 'value'>) => {
    if ((keyRevision.get(entry.key) ?? 0) < entry.revision) {
      keyRevision.set(entry.key, entry.revision);
      if (entry.operation === 'PUT') {
        const part = JSON.parse(new TextDecoder().decode(entry.value)) as StoredPart;
        engine.registerCustomAudience(part.name, decodePart(part, spec));
        names.set(entry.key, part.name);
      } else {
        const name = names.get(entry.key);
        if (name !== undefined) engine.removeCustomAudience(name);
        names.delete(entry.key);
      }
    }
    revision = Math.max(revision, entry.revision);
    for (const w of waiting) {
      if (w.revision <= revision) {
        waiting.delete(w);
        w.resolve();
      }
    }
  };
  // Updates first, then what is stored: nothing written in between is missed (a part applied twice
  // is applied once: the revision per key decides).
  const watch = await kv.watch({ key: filter, include: KvWatchInclude.UpdatesOnly });
  void (async () => {
    for await (const entry of watch) apply(entry);
  })().catch((error: unknown) => log(`sets watch ended: ${(error as Error).message}`));
  // Every revision up to the bucket's last one before the listing is then applied (or not this
  // shard's); later ones come through the watch.
  const before = (await kv.status()).streamInfo.state.last_seq;
  for await (const key of await kv.keys(filter)) {
    const entry = await kv.get(key);
    if (entry) apply(entry);
  }
  revision = Math.max(revision, before);
  return {
    get revision() {
      return revision;
    },
    until(wanted, timeoutMs) {
      if (wanted <= revision) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          revision: wanted,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`Sets revision ${wanted} not applied within ${timeoutMs} ms (at ${revision}).`));
        }, timeoutMs);
        waiting.add(waiter);
      });
    },
    names: () => [...names.values()].sort(),
    stop: () => watch.stop(),
  };
}
