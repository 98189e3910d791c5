// The DuckDB side of bench:engine (the engine's 1 M targets): the same counts and one demographics breakdown, in SQL
// over the same data read from the built index. Run at up to 1 000 000 accounts (run.ts).
import { demographics, InsightContext, type AudienceEngine, type AudienceIndex } from '@murmur/engine';
import { countSql, demographicsSql, loadDuckDb, sqlCount } from './duckdb';
import type { BenchPackage } from './packages';

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`;
const round = (v: number, digits = 3) => Number(v.toFixed(digits));
const timed = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const value = f();
  return [value, performance.now() - t];
};

export interface DuckDbInput {
  index: AudienceIndex;
  engine: AudienceEngine;
  mix: BenchPackage[];
  /** The engine's counts of `mix`, and its timed estimate calls. */
  counts: number[];
  estimateTimes: number[];
  estimateP50: number;
  /** The package of the ~100 000-member insights audience, for the demographics comparison. */
  demoPick: BenchPackage;
  log: (line: string) => void;
}

/** Loads DuckDB, times the mix in SQL, checks every count; returns the figures and the mismatches. */
export async function compareWithDuckDb(input: DuckDbInput) {
  const { index, engine, mix, counts, estimateTimes, estimateP50, demoPick, log } = input;
  const duck = await loadDuckDb(index);
  log(
    `duckdb: loaded ${duck.rows.accounts} accounts, ${duck.rows.accountTerms} account-term rows, ` +
      `${duck.rows.follows} follows, ${duck.rows.terms} terms in ${(duck.loadMs / 1000).toFixed(1)} s`,
  );
  const ageBands = index.terms.termsOf('ageBand').map((t) => index.terms.value(t));
  const mismatches: string[] = [];
  const duckTimes: number[] = [];
  for (let i = 0; i < mix.length; i++) await sqlCount(duck.connection, countSql(mix[i]!, ageBands)); // warm-up
  for (let i = 0; i < mix.length; i++) {
    const sql = countSql(mix[i]!, ageBands);
    const t = performance.now();
    const count = await sqlCount(duck.connection, sql);
    duckTimes.push(performance.now() - t);
    if (count !== counts[i]) mismatches.push(`${mix[i]!.name}: engine ${counts[i]}, DuckDB ${count}`);
  }
  const duckP50 = percentile(duckTimes, 50);
  const duckP95 = percentile(duckTimes, 95);
  const engineMean = estimateTimes.reduce((a, b) => a + b, 0) / estimateTimes.length;
  const duckMean = duckTimes.reduce((a, b) => a + b, 0) / duckTimes.length;
  const ratioP50 = duckP50 / estimateP50;
  log(
    `duckdb estimates: p50 ${ms(duckP50)}, p95 ${ms(duckP95)}; DuckDB ÷ engine: p50 ${ratioP50.toFixed(0)}×, ` +
      `mean ${(duckMean / engineMean).toFixed(0)}×; counts agree on ${mix.length - mismatches.length}/${mix.length}`,
  );

  // One demographics breakdown (gender, age band, language, country counts) of the ~100k audience.
  const demoAudience = engine.evaluate(demoPick.pkg, { exclusions: demoPick.exclusions });
  const engineDemo = () => {
    const audience = engine.evaluate(demoPick.pkg, { exclusions: demoPick.exclusions });
    return demographics(new InsightContext(index, audience));
  };
  engineDemo();
  const demoEngineTimes: number[] = [];
  for (let r = 0; r < 5; r++) demoEngineTimes.push(timed(engineDemo)[1]);
  const panel = engineDemo();
  const demoSql = demographicsSql(demoPick, ageBands);
  await duck.connection.runAndReadAll(demoSql);
  const demoDuckTimes: number[] = [];
  let demoRows: (string | number | bigint | null)[][] = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    demoRows = (await duck.connection.runAndReadAll(demoSql)).getRows() as (
      string | number | bigint | null
    )[][];
    demoDuckTimes.push(performance.now() - t);
  }
  const sqlCounts = new Map<string, number>();
  for (const [gender, age, language, country, c] of demoRows) {
    const key =
      gender !== null
        ? `gender:${String(gender)}`
        : age !== null
          ? `age:${String(age)}`
          : language !== null
            ? `language:${String(language)}`
            : country !== null
              ? `country:${String(country)}`
              : undefined;
    if (key) sqlCounts.set(key, Number(c));
  }
  let demoChecked = 0;
  const checkShares = (prefix: string, shares: readonly { key: string; count: number }[]) => {
    for (const s of shares) {
      demoChecked++;
      const theirs = sqlCounts.get(`${prefix}:${s.key}`) ?? 0;
      if (theirs !== s.count)
        mismatches.push(`demographics ${prefix} ${s.key}: engine ${s.count}, DuckDB ${theirs}`);
    }
  };
  checkShares('gender', panel.gender);
  checkShares('age', panel.ageBands);
  checkShares('language', panel.languages);
  checkShares('country', panel.countries);
  const demoEngineP50 = percentile(demoEngineTimes, 50);
  const demoDuckP50 = percentile(demoDuckTimes, 50);
  log(
    `demographics of ${demoAudience.sampleCount} members (gender, age band, language, country; ${demoChecked} counts): ` +
      `engine ${ms(demoEngineP50)} (evaluate + panel), DuckDB ${ms(demoDuckP50)}, ratio ${(demoDuckP50 / demoEngineP50).toFixed(0)}×`,
  );
  duck.close();
  return {
    ratioP50,
    mismatches,
    results: {
      version: (await import('@duckdb/node-api')).version(),
      loadMs: Math.round(duck.loadMs),
      rows: duck.rows,
      estimates: { p50Ms: round(duckP50, 2), p95Ms: round(duckP95, 2), meanMs: round(duckMean, 2) },
      ratioP50: round(ratioP50, 1),
      ratioMean: round(duckMean / engineMean, 1),
      demographics: {
        members: demoAudience.sampleCount,
        counts: demoChecked,
        engineP50Ms: round(demoEngineP50, 2),
        duckdbP50Ms: round(demoDuckP50, 2),
      },
      mismatches: mismatches.length,
    },
  };
}
