import {
  DuckDBDataChunk,
  DuckDBInstance,
  UINTEGER,
  type DuckDBAppender,
  type DuckDBConnection,
} from '@duckdb/node-api';
import type { Age, AgeBand, TargetingPackage } from '@murmur/core/targeting';
import { MAX_HANDLES } from '@murmur/core/targeting';
import { CATEGORICAL_FIELDS, POST_FIELDS, PROFILE_FIELDS, tokens, type AudienceIndex } from '@murmur/engine';
import type { BenchPackage } from './packages';

/**
 * The same accounts and postings as the engine's index, in DuckDB (in memory), laid out the way one
 * would for these queries:
 *
 * - `accounts(n, handle, language, operator, country, region, metro, city, age_band, gender, device,
 *   job, job_category)`: one row per account in account order, single-valued attributes as VARCHAR
 *   (DuckDB dictionary-compresses them), `handle` lower-cased.
 * - `terms(id, field, value)`: the term dictionary (bio and post words, hashtags, interests,
 *   conversation topics, movies/TV).
 * - `account_terms(term, n)`: one row per (term, account), sorted by term then account, so the
 *   row groups' min/max zone maps (and the join filters DuckDB pushes into scans) skip everything
 *   but the terms asked for.
 * - `follows(target, follower)`: sorted by target, for the same reason.
 * - `catalogue(kind, value, name, location_type)`: the export's targeting catalogues.
 *
 * Keyword tokenisation (the engine's tokeniser) and the SPEC age value → exported bands mapping
 * happen in TypeScript; resolving values and names to term ids, catalogue expansion (interest
 * categories, location ids), the set algebra and the counting happen in SQL.
 */
export interface DuckDbSide {
  connection: DuckDBConnection;
  loadMs: number;
  rows: { accounts: number; accountTerms: number; follows: number; terms: number };
  close(): void;
}

const MULTI_VALUED = [...PROFILE_FIELDS, ...POST_FIELDS];
const CHUNK = 2048;

/** Appends (a, b) rows in chunks of 2 048 (a DuckDB vector), then closes the appender. */
function appendPairs(appender: DuckDBAppender, each: (emit: (a: number, b: number) => void) => void): number {
  const a: number[] = [];
  const b: number[] = [];
  let rows = 0;
  const flush = () => {
    const chunk = DuckDBDataChunk.create([UINTEGER, UINTEGER], a.length);
    chunk.setColumnValues(0, a);
    chunk.setColumnValues(1, b);
    appender.appendDataChunk(chunk);
    rows += a.length;
    a.length = 0;
    b.length = 0;
  };
  each((x, y) => {
    a.push(x);
    b.push(y);
    if (a.length === CHUNK) flush();
  });
  if (a.length > 0) flush();
  appender.closeSync();
  return rows;
}

/** Account numbers of a posting, in increasing order. */
function forEachMember(posting: ReturnType<AudienceIndex['postings']['get']>, use: (n: number) => void) {
  if (posting.kind === 'list') {
    for (let i = 0; i < posting.list.length; i++) use(posting.list[i]!);
    return;
  }
  const { bits } = posting;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      use(w * 32 + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
}

export async function loadDuckDb(index: AudienceIndex): Promise<DuckDbSide> {
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(`CREATE TABLE accounts (n UINTEGER, handle VARCHAR, language VARCHAR, operator VARCHAR,
    country VARCHAR, region VARCHAR, metro VARCHAR, city VARCHAR, age_band VARCHAR, gender VARCHAR,
    device VARCHAR, job VARCHAR, job_category VARCHAR)`);
  await connection.run('CREATE TABLE terms (id UINTEGER, field VARCHAR, value VARCHAR)');
  await connection.run('CREATE TABLE account_terms (term UINTEGER, n UINTEGER)');
  await connection.run('CREATE TABLE follows (target UINTEGER, follower UINTEGER)');
  await connection.run(
    'CREATE TABLE catalogue (kind VARCHAR, value VARCHAR, name VARCHAR, location_type VARCHAR)',
  );

  // The accounts table's attribute columns, in its order (`kind` is not one of them).
  const columns = CATEGORICAL_FIELDS.filter((f) => f !== 'kind');
  const accounts = await connection.createAppender('accounts');
  let accountRows = 0;
  for (let n = 0; n < index.size; n++) {
    if (!((index.present[n >>> 5]! >>> (n & 31)) & 1)) continue;
    accounts.appendUInteger(n);
    accounts.appendVarchar(index.accounts.handles.get(index.accounts.slot[n]! - 1).toLowerCase());
    for (const field of columns) {
      const t = index.columns[field][n]!;
      if (t === 0) accounts.appendNull();
      else accounts.appendVarchar(index.terms.value(t - 1));
    }
    accounts.endRow();
    accountRows++;
  }
  accounts.closeSync();

  const termIds = MULTI_VALUED.flatMap((f) => [...index.terms.termsOf(f)]).sort((a, b) => a - b);
  const terms = await connection.createAppender('terms');
  for (const t of termIds) {
    terms.appendUInteger(t);
    terms.appendVarchar(index.terms.field(t));
    terms.appendVarchar(index.terms.value(t));
    terms.endRow();
  }
  terms.closeSync();

  const accountTerms = appendPairs(await connection.createAppender('account_terms'), (emit) => {
    for (const t of termIds) forEachMember(index.postings.get(t), (n) => emit(t, n));
  });
  const follows = appendPairs(await connection.createAppender('follows'), (emit) => {
    for (let target = 0; target < index.size; target++)
      forEachMember(index.followers.get(target), (n) => emit(target, n));
  });

  const catalogue = await connection.createAppender('catalogue');
  for (const kind of ['interests', 'conversations', 'movies_and_tv_shows', 'locations'] as const) {
    for (const [value, item] of index.catalogue.entries(kind)) {
      catalogue.appendVarchar(kind);
      catalogue.appendVarchar(value);
      catalogue.appendVarchar(item.name);
      if (item.location_type === undefined) catalogue.appendNull();
      else catalogue.appendVarchar(item.location_type);
      catalogue.endRow();
    }
  }
  catalogue.closeSync();
  return {
    connection,
    loadMs: performance.now() - started,
    rows: { accounts: accountRows, accountTerms, follows, terms: termIds.length },
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

const q = (s: string): string => `'${s.replaceAll("'", "''")}'`;
const list = (values: readonly string[]): string => (values.length === 0 ? 'NULL' : values.map(q).join(', '));
const selectedOf = <T extends { deselected?: boolean | undefined }>(items: readonly T[] | undefined): T[] =>
  (items ?? []).filter((i) => i.deselected !== true);

function parseBand(raw: string): [number, number] | undefined {
  const range = /^(\d+)-(\d+)$/.exec(raw);
  if (range) return [Number(range[1]), Number(range[2])];
  const open = /^(\d+)\+$/.exec(raw);
  return open ? [Number(open[1]), Number.POSITIVE_INFINITY] : undefined;
}

/** Exported bands lying inside a SPEC age value (AGE_OVER_N, or a band "a-b"). */
function bandsWithin(bands: readonly string[], value: Age | AgeBand): string[] {
  return bands.filter((raw) => {
    const band = parseBand(raw);
    if (!band) return false;
    if (value === 'AGE_ANY') return true;
    const over = /^AGE_OVER_(\d+)$/.exec(value);
    if (over) return band[0] >= Number(over[1]);
    const spec = parseBand(value);
    return spec !== undefined && band[0] >= spec[0] && band[1] <= spec[1];
  });
}

/** The SQL selecting the `n` of the package's accounts (before exclusions), X's combining rules. */
export function packageWhere(pkg: TargetingPackage, ageBands: readonly string[]): string {
  const primary: string[] = [];
  const handles = selectedOf(pkg.handles)
    .slice(0, MAX_HANDLES)
    .map((h) => (h.label ?? h.handle ?? '').trim().replace(/^@+/, '').toLowerCase());
  if (handles.length > 0)
    primary.push(
      `SELECT follower AS n FROM follows WHERE target IN (SELECT n FROM accounts WHERE handle IN (${list(handles)}))`,
    );
  for (const item of selectedOf(pkg.keywords)) {
    const words = tokens((item.label ?? item.handle ?? '').trim());
    if (words.length === 0) continue;
    for (const field of ['bioWord', 'postWord']) {
      primary.push(
        `SELECT n FROM account_terms WHERE term IN (SELECT id FROM terms WHERE field = '${field}' AND value IN (${list(words)})) GROUP BY n HAVING count(*) = ${words.length}`,
      );
    }
  }
  const termConditions: string[] = [];
  const tags = selectedOf(pkg.hashtags).map((h) => {
    const text = (h.label ?? h.handle ?? '').trim().replace(/^[#＃]+/, '');
    return (/[\uff01-\uff5e]/.test(text) ? text.normalize('NFKC') : text).toLowerCase();
  });
  if (tags.length > 0) termConditions.push(`(field = 'hashtag' AND value IN (${list(tags)}))`);
  const labelled = [
    ['interests', 'interest', 'interests'],
    ['conversation_topics', 'topic', 'conversations'],
    ['movies_tv_shows', 'movie', 'movies_and_tv_shows'],
  ] as const;
  for (const [key, field, kind] of labelled) {
    const items = selectedOf(pkg[key]);
    const ids = items.filter((i) => i.id !== undefined).map((i) => String(i.id));
    if (ids.length > 0) termConditions.push(`(field = '${field}' AND value IN (${list(ids)}))`);
    for (const item of items.filter((i) => i.id === undefined)) {
      // A bare interest category: every subcategory the catalogue names under it.
      const label = item.label.trim().toLowerCase();
      termConditions.push(
        `(field = '${field}' AND value IN (SELECT value FROM catalogue WHERE kind = '${kind}' AND (lower(name) LIKE ${q(`${label}/%`)} OR lower(name) LIKE ${q(`%/${label}`)})))`,
      );
    }
  }
  if (termConditions.length > 0)
    primary.push(
      `SELECT n FROM account_terms WHERE term IN (SELECT id FROM terms WHERE ${termConditions.join(' OR ')})`,
    );
  const hasPrimary =
    selectedOf(pkg.handles).length > 0 ||
    [pkg.keywords, pkg.hashtags, pkg.interests, pkg.conversation_topics, pkg.movies_tv_shows].some(
      (items) => selectedOf(items).length > 0,
    );

  const filters: string[] = [];
  const countries = selectedOf(pkg.countries).map((c) => String(c.id ?? c.label).toUpperCase());
  const regions = selectedOf(pkg.locations).map((l) => String(l.id ?? l.label));
  if (countries.length + regions.length > 0) {
    const parts = [];
    if (countries.length > 0) parts.push(`country IN (${list(countries)})`);
    if (regions.length > 0)
      parts.push(
        `region IN (SELECT name FROM catalogue WHERE kind = 'locations' AND location_type = 'REGIONS' AND value IN (${list(regions)}))`,
      );
    filters.push(`(${parts.join(' OR ')})`);
  }
  const languages = selectedOf(pkg.languages).map((l) => String(l.id ?? l.label).toLowerCase());
  if (languages.length > 0) filters.push(`language IN (${list(languages)})`);
  const operators = selectedOf(pkg.network_operators).map((o) => String(o.id ?? o.label));
  if (operators.length > 0) filters.push(`operator IN (${list(operators)})`);
  const ages = pkg.age ?? [];
  if (ages.length > 0 && !ages.includes('AGE_ANY'))
    filters.push(`age_band IN (${list([...new Set(ages.flatMap((a) => bandsWithin(ageBands, a)))])})`);
  const genders = pkg.gender ?? [];
  if (genders.length > 0 && !genders.includes('ANY')) filters.push(`gender IN (${list(genders)})`);

  if (hasPrimary) filters.push(primary.length > 0 ? `n IN (${primary.join(' UNION ')})` : 'FALSE');
  return filters.length > 0 ? filters.join(' AND ') : 'TRUE';
}

/** `SELECT count(*)` of a benchmark package: the package's accounts minus its exclusions. */
export function countSql(p: BenchPackage, ageBands: readonly string[]): string {
  const where = [packageWhere(p.pkg, ageBands)];
  for (const exclusion of p.exclusions)
    where.push(`n NOT IN (SELECT n FROM accounts WHERE ${packageWhere(exclusion, ageBands)})`);
  return `SELECT count(*) AS c FROM accounts WHERE ${where.join(' AND ')}`;
}

/** Gender, age band, language and country counts of a package's audience, in one query. */
export function demographicsSql(p: BenchPackage, ageBands: readonly string[]): string {
  const where = [packageWhere(p.pkg, ageBands)];
  for (const exclusion of p.exclusions)
    where.push(`n NOT IN (SELECT n FROM accounts WHERE ${packageWhere(exclusion, ageBands)})`);
  return `SELECT gender, age_band, language, country, count(*) AS c FROM accounts WHERE ${where.join(' AND ')}
    GROUP BY GROUPING SETS ((gender), (age_band), (language), (country))`;
}

export async function sqlCount(connection: DuckDBConnection, sql: string): Promise<number> {
  const reader = await connection.runAndReadAll(sql);
  return Number(reader.getRows()[0]![0]);
}
