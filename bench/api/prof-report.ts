// A benchmark aid (not a test): the main thread's profile of bench/api/prof-case.ts, cut to one case's
// window (the `from` and `to` it prints, monotonic µs): busy share, `top` functions by self and by
// inclusive time ("(garbage collector)" is V8's GC), then categories (the first frame of the product's
// own code from the leaf up, else the leaf's package). PROF_CALLERS=<substring>: the call paths of
// the samples whose own frame matches it (PROF_DEPTH frames, 5).
//   node --import tsx bench/api/prof-report.ts <main thread's .cpuprofile> <from> <to> [top]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, fromS, toS, topS] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(file!, 'utf8')) as {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};
const from = Number(fromS),
  to = Number(toS),
  top = Number(topS ?? 40);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: Node) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/\/work\/wt\/[^/]+\//, '')}:${n.callFrame.lineNumber + 1}`;
const self = new Map<string, number>(),
  incl = new Map<string, number>();
let t = prof.startTime,
  total = 0,
  idle = 0;
for (let i = 0; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i]!;
  if (t < from || t > to) continue;
  const dt = prof.timeDeltas[i + 1] ?? 0;
  const n = byId.get(prof.samples[i]!)!;
  total += dt;
  if (n.callFrame.functionName === '(idle)') {
    idle += dt;
    continue;
  }
  self.set(label(n), (self.get(label(n)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
    const l = label(byId.get(id)!);
    if (seen.has(l)) continue;
    seen.add(l);
    incl.set(l, (incl.get(l) ?? 0) + dt);
  }
}
const busy = total - idle;
console.log(
  `window ${(total / 1e6).toFixed(2)} s, busy ${(busy / 1e6).toFixed(2)} s (${((100 * busy) / total).toFixed(1)} %)`,
);
const show = (m: Map<string, number>, title: string) => {
  console.log(`-- ${title} (% of busy)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * v) / busy).toFixed(1).padStart(5)}  ${k}`);
};
show(self, 'self');
show(incl, 'inclusive');
// PROF_CALLERS=<substring>: the call paths (5 frames up) of the samples whose own frame matches it.
const want = process.env.PROF_CALLERS;
if (want) {
  const paths = new Map<string, number>();
  let t2 = prof.startTime;
  for (let i = 0; i < prof.samples.length; i++) {
    t2 += prof.timeDeltas[i]!;
    if (t2 < from || t2 > to) continue;
    const n = byId.get(prof.samples[i]!)!;
    if (!label(n).includes(want)) continue;
    const chain: string[] = [];
    for (
      let id = parent.get(n.id);
      id !== undefined && chain.length < Number(process.env.PROF_DEPTH ?? 5);
      id = parent.get(id)
    )
      chain.push(label(byId.get(id)!));
    const k = chain.join(' < ');
    paths.set(k, (paths.get(k) ?? 0) + (prof.timeDeltas[i + 1] ?? 0));
  }
  console.log(`-- callers of ${want}`);
  for (const [k, v] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${((100 * v) / busy).toFixed(1).padStart(5)}  ${k}`);
}
// Categories: the sample goes to the first of its frames (from the leaf up, at most 4) that is in
// the product's own code, else to the leaf's package (node, fastify, …).
{
  const cats = new Map<string, number>();
  let t3 = prof.startTime;
  for (let i = 0; i < prof.samples.length; i++) {
    t3 += prof.timeDeltas[i]!;
    if (t3 < from || t3 > to) continue;
    const n = byId.get(prof.samples[i]!)!;
    if (n.callFrame.functionName === '(idle)') continue;
    let cat: string | undefined;
    let k = 0;
    for (let id: number | undefined = n.id; id !== undefined && k < 4; id = parent.get(id), k++) {
      const f = byId.get(id)!.callFrame;
      const m = /\/work\/wt\/[^/]+\/(apps\/server\/src|packages\/[^/]+\/src)\/(.*)$/.exec(f.url);
      if (m) {
        cat = `${m[2]} ${f.functionName}`;
        break;
      }
    }
    if (!cat) {
      const u = n.callFrame.url;
      cat = u.includes('node_modules/')
        ? u.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/(.*)$/, '$1')
        : u.startsWith('node:')
          ? `node ${n.callFrame.functionName}`
          : n.callFrame.functionName;
    }
    cats.set(cat, (cats.get(cat) ?? 0) + (prof.timeDeltas[i + 1] ?? 0));
  }
  console.log('-- categories (% of busy)');
  for (const [c, v] of [...cats].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROF_CATS ?? 50)))
    console.log(`${((100 * v) / busy).toFixed(1).padStart(5)}  ${c}`);
}
