import type { AccountTable } from '../model/accounts';
import type { Csr } from '../model/csr';
import type { Network } from '../network';
import { indexEngagements, type PostEngagements } from './post-engagements';

type Shareable = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | BigUint64Array;
type ShareableConstructor = new (buffer: SharedArrayBuffer) => Shareable;

/** A copy of `array` in shared memory: worker threads then read it without a copy each. */
function shared<T extends Shareable>(array: T): T {
  const copy = new (array.constructor as ShareableConstructor)(new SharedArrayBuffer(array.byteLength)) as T;
  copy.set(array as never);
  return copy;
}

const sharedCsr = <V extends Uint16Array | Uint32Array>(csr: Csr<V>): Csr<V> => ({
  offsets: shared(csr.offsets),
  values: shared(csr.values),
});

/** Strings as UTF-16 code units in shared memory, the i-th at units[offsets[i], offsets[i + 1]). */
export interface SharedStrings {
  offsets: Uint32Array;
  units: Uint16Array;
}

function shareStrings(strings: readonly string[]): SharedStrings {
  let length = 0;
  for (const s of strings) length += s.length;
  const offsets = shared(new Uint32Array(strings.length + 1));
  const units = shared(new Uint16Array(length));
  let at = 0;
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    for (let c = 0; c < s.length; c++) units[at++] = s.charCodeAt(c);
    offsets[i + 1] = at;
  }
  return { offsets, units };
}

/**
 * What the export's worker threads read to write account and post records: the columns that the
 * record writers and the text generators use, copied once into shared memory (typed arrays only; a
 * structured clone per worker would copy them again, and millions of strings would be cloned too).
 */
export interface SharedExportData {
  accounts: Omit<AccountTable, 'handles' | 'names'> & { handles: SharedStrings; names: SharedStrings };
  inDegree: Int32Array;
  outDegree: Int32Array;
  /** Posts per account as the account record counts them (prior plus simulated). */
  postCounts: Uint32Array;
  posts: Record<(typeof POST_COLUMNS)[number], Uint32Array | Uint16Array | Uint8Array | Int32Array>;
  events: { kind: Uint8Array; actor: Uint32Array; time: Uint32Array };
  engagements: PostEngagements;
}

const POST_COLUMNS = [
  'author',
  'time',
  'millis',
  'seed',
  'replyTo',
  'mention',
  'likes',
  'reposts',
  'replies',
  'deleted',
] as const;

export function shareExportData(net: Network, postCounts: Uint32Array): SharedExportData {
  const a = net.accounts;
  const { handles, names, interests, topics, movies, count, ...columns } = a;
  const accounts = { count, handles: shareStrings(handles), names: shareStrings(names) } as Record<
    string,
    unknown
  >;
  for (const [key, column] of Object.entries(columns)) accounts[key] = shared(column as Shareable);
  accounts.interests = sharedCsr(interests);
  accounts.topics = sharedCsr(topics);
  accounts.movies = sharedCsr(movies);
  const posts = {} as SharedExportData['posts'];
  for (const key of POST_COLUMNS) posts[key] = shared(net.posts[key].view());
  const engagements = indexEngagements(net.events, net.posts.length);
  return {
    accounts: accounts as SharedExportData['accounts'],
    inDegree: shared(net.graph.inDegree),
    outDegree: shared(net.graph.outDegree),
    postCounts: shared(postCounts),
    posts,
    events: {
      kind: shared(net.events.kind.view()),
      actor: shared(net.events.actor.view()),
      time: shared(net.events.time.view()),
    },
    engagements: { offsets: shared(engagements.offsets), positions: shared(engagements.positions) },
  };
}

/** Reads a shared string on demand: a worker needs a few handles per post, never all of them. */
function lazyStrings({ offsets, units }: SharedStrings): string[] {
  const decode = (i: number): string => {
    let s = '';
    // Chunks keep String.fromCharCode's argument list short.
    for (let at = offsets[i]!; at < offsets[i + 1]!; at += 4096)
      s += String.fromCharCode(...units.subarray(at, Math.min(offsets[i + 1]!, at + 4096)));
    return s;
  };
  return new Proxy([] as string[], {
    get: (target, key) =>
      typeof key === 'string' && /^\d+$/.test(key)
        ? decode(Number(key))
        : (Reflect.get(target, key) as unknown),
  });
}

/** A column as the record writers read it (`get`); the worker's data never grows. */
const column = (data: ArrayLike<number>): { get(i: number): number; readonly length: number } => ({
  get: (i) => data[i]!,
  length: data.length,
});

/**
 * The network as the worker's record writers see it: only what they read is there. The cast is the
 * price of reusing the text generators, which take a whole Network.
 */
export function networkView(data: SharedExportData): Network {
  const posts = Object.fromEntries(POST_COLUMNS.map((key) => [key, column(data.posts[key])]));
  const { kind, actor, time } = data.events;
  return {
    accounts: {
      ...data.accounts,
      handles: lazyStrings(data.accounts.handles),
      names: lazyStrings(data.accounts.names),
    },
    graph: { inDegree: data.inDegree, outDegree: data.outDegree },
    posts: { ...posts, length: data.posts.author.length },
    events: { kind: column(kind), actor: column(actor), time: column(time), length: kind.length },
  } as unknown as Network;
}
