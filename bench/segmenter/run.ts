// npm run bench:segmenter — which splits the sandbox's Japanese text into better words: ICU's word
// segmenter as the engine uses it (@murmur/core/text's cjkWords: Intl.Segmenter, rejoined where it
// cuts one word, stop-words dropped) or kuromoji (a morphological analyser from npm, IPADIC, content
// words only). Both read the same runs of Han and kana from the sandbox export's Japanese bios and
// posts; printed: words per text, the share of single-character tokens that are not words (a lone
// kana, or a character that never stands alone in its text: 好 of 好き), the top words of each,
// and CPU time per 1 000 texts. Then the engine's index build of the same export with segmentation
// on against the same build with CJK runs kept whole (split on spaces only, as before segmentation),
// each in its own child process, alternated. `--accounts N` (default 100 000), BENCH_SEED,
// BENCH_EXPORT_DIR as bench:engine; `--texts N` Japanese texts of each kind (default 5 000),
// `--builds N` builds of each kind (default 3), `--threads N` parse workers of each build (default one
// per core, as the server builds its index; 0 reads the export on the main thread), `--builds-only`
// skips the word comparison. Writes bench/results/segmenter.json (segmenter-N.json for another --accounts N).
import { execFileSync } from 'node:child_process';
import { createReadStream, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CharClass, charClass, CJK_STOPWORDS, cjkWords } from '@murmur/core/text';
import { buildIndexFromFile, exportFile } from '@murmur/engine-cluster';
import { ensureExportFile } from '../engine/export-file';
import { kuromojiWords, loadKuromoji } from './kuromoji';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string' },
    texts: { type: 'string' },
    builds: { type: 'string' },
    threads: { type: 'string' },
    'builds-only': { type: 'boolean' },
    child: { type: 'string' },
  },
});
const accounts = Number(args.accounts ?? process.env.BENCH_ACCOUNTS ?? 100_000);
const threads = Number(args.threads ?? availableParallelism());
const seed = process.env.BENCH_SEED ?? 'murmur';
const path = await ensureExportFile(accounts, seed, (l) => console.log(l));
const cpuMs = (from: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

if (args.child !== undefined) {
  // One index build in this child, as the server builds it (engine-holder.ts: the export file parsed
  // by `threads` workers; 0: read on this thread); `--child whole` runs under spaces-only.mjs, which
  // keeps CJK runs whole in this thread and in the parse workers. CPU is of all threads.
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const index = await buildIndexFromFile(exportFile(path, threads));
  console.log(
    JSON.stringify({
      mode: args.child,
      threads,
      cpuMs: Math.round(cpuMs(cpu)),
      wallMs: Math.round(performance.now() - wall),
      terms: index.stats.terms,
      load: load(),
    }),
  );
  process.exit(0);
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;

/** Words per text, non-words and CPU of the three segmenters on the export's Japanese texts. */
async function compareWords() {
  // ---- the Japanese texts of the export ----
  const perKind = Number(args.texts ?? 5_000);
  const bios: string[] = [];
  const posts: string[] = [];
  for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    if (bios.length >= perKind && posts.length >= perKind) break;
    if (!line.includes('"lang":"ja"')) continue;
    const record = JSON.parse(line) as { type?: string; lang?: string; bio?: string; text?: string };
    if (record.lang !== 'ja') continue;
    if (record.type === 'account' && record.bio && bios.length < perKind) bios.push(record.bio);
    if (record.type === 'post' && record.text && posts.length < perKind) posts.push(record.text);
  }
  console.log(`texts: ${bios.length} Japanese bios, ${posts.length} Japanese posts of ${path}`);

  const isCjk = (c: number): boolean => {
    const k = charClass(c);
    return k === CharClass.han || k === CharClass.hiragana || k === CharClass.katakana;
  };
  /** The runs of Han and kana of a text, as the engine's tokeniser hands them to the segmenter. */
  function runs(text: string): string[] {
    const out: string[] = [];
    const t = text.normalize('NFKC').toLowerCase();
    for (let i = 0; i < t.length;) {
      if (!isCjk(t.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      while (i < t.length && isCjk(t.charCodeAt(i))) i++;
      out.push(t.slice(start, i));
    }
    return out;
  }

  const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]$/u;
  const escape = (c: string): string => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /**
   * A lone character written as a word of its own in `text`: after the start, a space or punctuation,
   * before the end, a space, punctuation or a particle (本／詩, 猫と株) — the rule of the engine's
   * Japanese-words test (apps/server/src/modules/audiences/japanese-words.test.ts).
   */
  const standsAlone = (c: string, text: string): boolean =>
    new RegExp(`(^|[\\s\\p{P}\\p{S}])${escape(c)}($|[\\s\\p{P}\\p{S}]|[のがをにはともでや])`, 'u').test(text);

  type Words = (run: string, emit: (w: string) => void) => void;
  interface Quality {
    texts: number;
    wordsPerText: number;
    singleCharTokens: number;
    /** Single-character tokens that are not words, as a share of all tokens. */
    notWordsShare: number;
    /** … and of the single-character tokens. */
    notWordsOfSingles: number;
    top: string[];
    cpuMsPer1000Texts: number;
  }

  function measure(texts: readonly string[], words: Words): Quality {
    let tokens = 0;
    let singles = 0;
    let notWords = 0;
    const counts = new Map<string, number>();
    for (const text of texts) {
      for (const run of runs(text)) {
        words(run, (w) => {
          tokens++;
          counts.set(w, (counts.get(w) ?? 0) + 1);
          if ([...w].length !== 1) return;
          singles++;
          if (KANA.test(w) || !standsAlone(w, text)) notWords++;
        });
      }
    }
    // Timed apart from the counting, over the same texts: the words only.
    const runsOf = texts.map(runs);
    const cpu = process.cpuUsage();
    let sink = 0;
    for (const textRuns of runsOf) for (const run of textRuns) words(run, (w) => (sink += w.length));
    const ms = cpuMs(cpu);
    if (sink < 0) console.log(sink);
    return {
      texts: texts.length,
      wordsPerText: tokens / texts.length,
      singleCharTokens: singles,
      notWordsShare: tokens === 0 ? 0 : notWords / tokens,
      notWordsOfSingles: singles === 0 ? 0 : notWords / singles,
      top: [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([w]) => w),
      cpuMsPer1000Texts: (ms * 1000) / texts.length,
    };
  }

  const icu: Words = (run, emit) => cjkWords(run, 0, run.length, emit);
  // ICU's segments as they come (no rejoining, no filtering): what Intl.Segmenter alone gives.
  const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });
  const icuRaw: Words = (run, emit) => {
    for (const s of segmenter.segment(run)) if (s.isWordLike) emit(s.segment);
  };
  const cpu = process.cpuUsage();
  const rssBefore = process.memoryUsage().rss;
  const tokenizer = await loadKuromoji();
  const kuromojiLoadMs = cpuMs(cpu);
  const kuromojiRssMb = (process.memoryUsage().rss - rssBefore) / 1e6;
  const kuro: Words = (run, emit) => kuromojiWords(tokenizer, run, CJK_STOPWORDS, emit);

  const quality: Record<string, Record<string, Quality>> = {};
  for (const [kind, texts] of [
    ['bios', bios],
    ['posts', posts],
  ] as const) {
    // Warm-up: the JIT and cjkWords' run cache (the engine keeps it across an export), once each.
    for (const w of [icu, icuRaw, kuro]) measure(texts.slice(0, 200), w);
    quality[kind] = {
      'icu (engine)': measure(texts, icu),
      'icu (segments alone)': measure(texts, icuRaw),
      kuromoji: measure(texts, kuro),
    };
  }

  console.log(
    `load ${load()}; kuromoji dictionary: ${kuromojiLoadMs.toFixed(0)} ms CPU, +${kuromojiRssMb.toFixed(0)} MB RSS`,
  );
  for (const [kind, byMethod] of Object.entries(quality)) {
    for (const [method, q] of Object.entries(byMethod)) {
      console.log(
        `${kind.padEnd(5)} ${method.padEnd(20)} ${q.wordsPerText.toFixed(2)} words/text, single-char non-words ${pct(q.notWordsShare)} of tokens (${pct(q.notWordsOfSingles)} of ${q.singleCharTokens} single chars), ${q.cpuMsPer1000Texts.toFixed(1)} ms CPU / 1 000 texts`,
      );
      console.log(`      top: ${q.top.join(' ')}`);
    }
  }
  return {
    dictionaryLoadCpuMs: Math.round(kuromojiLoadMs),
    dictionaryRssMb: Math.round(kuromojiRssMb),
    quality,
  };
}
const words = args['builds-only'] ? undefined : await compareWords();

// ---- the engine's build with segmentation and with CJK runs kept whole ----
const builds = Number(args.builds ?? 3);
interface Build {
  mode: string;
  threads: number;
  cpuMs: number;
  wallMs: number;
  terms: number;
  load: string;
}
const build = (mode: 'segmented' | 'whole'): Build => {
  const loader = mode === 'whole' ? ['--import', join(here, 'spaces-only.mjs')] : [];
  const out = execFileSync(
    process.execPath,
    [
      '--max-old-space-size=4096',
      '--import',
      'tsx',
      ...loader,
      fileURLToPath(import.meta.url),
      '--accounts',
      String(accounts),
      '--threads',
      String(threads),
      '--child',
      mode,
    ],
    { encoding: 'utf8', env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as Build;
};
// The first build of a run is slower whichever its kind (the export read cold, the CPU's state):
// 129–135 s against 105–119 s for every later build at 1 M accounts. One build is made first and
// not counted, so the first counted one (segmented) is not penalised.
const warm = build('whole');
console.log(`build (warm-up, not counted) ${warm.cpuMs} ms CPU, ${warm.wallMs} ms wall (load ${warm.load})`);
const runsBuilt: Build[] = [];
for (let i = 0; i < builds; i++) {
  for (const mode of i % 2 === 0 ? (['segmented', 'whole'] as const) : (['whole', 'segmented'] as const)) {
    const b = build(mode);
    runsBuilt.push(b);
    console.log(
      `build ${b.mode.padEnd(9)} ${b.cpuMs} ms CPU, ${b.wallMs} ms wall, ${b.terms} terms (load ${b.load})`,
    );
  }
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const of = (mode: string, measure: 'cpuMs' | 'wallMs') =>
  median(runsBuilt.filter((b) => b.mode === mode).map((b) => b[measure]));
const segmented = of('segmented', 'cpuMs');
const whole = of('whole', 'cpuMs');
// Builds drift by ±10 % over a run here; each round's two builds ran back to back, so their ratio
// is less exposed to the drift than the two medians are.
const paired = median(
  Array.from({ length: builds }, (_, i) => runsBuilt[2 * i]!).map((a, i) => {
    const b = runsBuilt[2 * i + 1]!;
    const [s, w] = a.mode === 'segmented' ? [a, b] : [b, a];
    return s.cpuMs / w.cpuMs - 1;
  }),
);
const overhead = segmented / whole - 1;
const wall = { segmented: of('segmented', 'wallMs'), whole: of('whole', 'wallMs') };
const wallOverhead = wall.segmented / wall.whole - 1;
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${pct(x)}`;
console.log(
  `build of ${accounts} accounts on ${threads} parse workers, median CPU (all threads): segmented ${segmented} ms, whole runs ${whole} ms: ${signed(overhead)} (target ≤ +10 %: ${overhead <= 0.1 ? 'PASS' : 'FAIL'}); median of the rounds' ratios ${signed(paired)}; median wall: ${wall.segmented} ms against ${wall.whole} ms: ${signed(wallOverhead)} (load ${load()})`,
);

writeFileSync(
  join(here, '..', 'results', accounts === 100_000 ? 'segmenter.json' : `segmenter-${accounts}.json`),
  `${JSON.stringify(
    {
      accounts,
      seed,
      when: new Date().toISOString(),
      load: load(),
      kuromoji: words && {
        dictionaryLoadCpuMs: words.dictionaryLoadCpuMs,
        dictionaryRssMb: words.dictionaryRssMb,
      },
      quality: words?.quality,
      builds: runsBuilt,
      threads,
      buildMedianCpuMs: { segmented, whole },
      warmUp: warm,
      pairedOverhead: paired,
      buildOverhead: overhead,
      buildMedianWallMs: wall,
      buildWallOverhead: wallOverhead,
    },
    null,
    2,
  )}\n`,
);
