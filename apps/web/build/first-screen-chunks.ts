// The chunks of the first screens, by what loads them. Left to itself the bundler splits the code the
// three flavours and their entry pages share by every combination of the ~90 lazy routes that also use
// it: a first load fetched 55–75 files, many under 1 kB, each paying ~300 bytes of response headers,
// its own compression stream and (on HTTP/1.1's six connections per host) a place in the queue.
//
// So the build runs twice. A planning pass (in memory, not minified) splits as the bundler likes and
// says which chunks each first load fetches (a flavour's shell and an entry page: the login page, a
// team's layout, My Audiences, the pro home, Deep Thought's home); the real build then puts every
// module of those chunks into one chunk per combination of first loads that fetch it: `shell` for what
// all of them fetch (the UI kit's core, the router, server state), `first-login-team-audiences` for
// what only the dashboard's do, `first-home` for the pro site's shell and home, and so on.
//
// What the entry (main.tsx) loads stays in its chunks; what no first screen loads is split as before.
// The plan only moves modules between chunks: which modules the build includes does not change.
import type { Plugin } from 'vite';
import { ENTRY_ROUTES, FLAVOUR_SOURCES, type PageFlavour } from './page-meta';

/** The parts of an output chunk the plan reads (rolldown's OutputChunk). */
export interface PlannedChunk {
  fileName: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
}

/** Set while the planning pass evaluates the config: that pass builds without the plan. */
export const PLANNING_PASS = 'MURMUR_FIRST_SCREEN_PLANNING';

/** What the flavours' shells import dynamically to load when the browser is idle after the first screen. */
const DEFERRED: { source: string; flavours: PageFlavour[] }[] = [
  { source: 'src/components/crash-modal.tsx', flavours: ['dashboard', 'pro', 'premium'] },
  { source: 'src/components/notifications-view.tsx', flavours: ['dashboard', 'pro', 'premium'] },
  { source: 'src/app/flavours/dashboard/components/header-menus.tsx', flavours: ['dashboard'] },
];

const baseName = (source: string) => /([^/]+)\.tsx?$/.exec(source)![1]!;

export interface FirstScreenPlan {
  /** Module id → chunk name for every module a first screen loads beyond the entry's chunks. */
  names: Map<string, string>;
  /** Per flavour, every module its first loads run (entry, shell, entry pages, idle loads). */
  modules: Record<PageFlavour, Set<string>>;
}

export const planFromChunks = (chunks: PlannedChunk[], root: string): FirstScreenPlan => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (files: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...files];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const chunkOf = (source: string): string => {
    const id = `${root}/${source}`;
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (chunk === undefined) throw new Error(`No chunk holds ${source}.`);
    return chunk.fileName;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (entry === undefined) throw new Error('The build has no entry chunk.');
  const inEntry = closure([entry.fileName]);
  const minusEntry = (files: Set<string>) => new Set([...files].filter((file) => !inEntry.has(file)));

  const shells = new Map(
    (Object.keys(FLAVOUR_SOURCES) as PageFlavour[]).map((f) => [f, closure([chunkOf(FLAVOUR_SOURCES[f])])]),
  );
  // A first load: a flavour's shell and an entry page's route modules, in the order its router loads
  // them (a team's layout, then My Audiences: the layout alone is the first load of every team page).
  const loads = ENTRY_ROUTES.flatMap((route) =>
    route.sources.map((source, at) => ({
      flavour: route.flavour,
      name: baseName(source),
      files: minusEntry(
        new Set([...shells.get(route.flavour)!, ...closure(route.sources.slice(0, at + 1).map(chunkOf))]),
      ),
    })),
  );

  // What a flavour loads once its first screen is up (the crash screen, the toasts, the header's menus):
  // fetched within the first load too, so what it shares with an entry page must not come with the
  // rest of that page's chunk.
  for (const flavour of Object.keys(FLAVOUR_SOURCES) as PageFlavour[]) {
    const deferred = DEFERRED.filter((d) => d.flavours.includes(flavour)).map((d) => chunkOf(d.source));
    loads.push({
      flavour,
      name: `${flavour}-idle`,
      files: minusEntry(new Set([...shells.get(flavour)!, ...closure(deferred)])),
    });
  }

  const names = new Map<string, string>();
  for (const file of new Set(loads.flatMap((load) => [...load.files]))) {
    const by = loads.filter((load) => load.files.has(file)).map((load) => load.name);
    const name = by.length === loads.length ? 'shell' : `first-${by.join('-')}`;
    for (const id of byFile.get(file)!.moduleIds) names.set(id, name);
  }
  const modulesOf = (flavour: PageFlavour) =>
    new Set(
      [...inEntry, ...loads.filter((l) => l.flavour === flavour).flatMap((l) => [...l.files])].flatMap(
        (file) => byFile.get(file)?.moduleIds ?? [],
      ),
    );
  return {
    names,
    modules: { dashboard: modulesOf('dashboard'), pro: modulesOf('pro'), premium: modulesOf('premium') },
  };
};

// The config file is bundled anew for each pass, so the two passes share no module: the planning
// pass hands its chunks over on the process.
const CAPTURED = Symbol.for('murmur.firstScreenChunks.planned');
type Captured = { [CAPTURED]?: PlannedChunk[] };

/**
 * The planning pass's plugin: the chunks as the bundler made them, before Vite drops the chunks that
 * only carried CSS (whose modules the plan must place too).
 */
export const capturePlannedChunks = (): Plugin => ({
  name: 'murmur-first-screen-planning',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      (globalThis as Captured)[CAPTURED] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                moduleIds: [...output.moduleIds],
                imports: [...output.imports],
              },
            ]
          : [],
      );
    },
  },
});

/** Runs the planning pass (an in-memory build of the same config) and answers its plan. */
export const planFirstScreenChunks = async (
  configFile: string,
  mode: string,
  root: string,
): Promise<FirstScreenPlan> => {
  const { build } = await import('vite');
  process.env[PLANNING_PASS] = '1';
  try {
    await build({
      configFile,
      mode,
      logLevel: 'silent',
      build: { write: false, minify: false, sourcemap: false, manifest: false },
    });
    const chunks = (globalThis as Captured)[CAPTURED];
    if (chunks === undefined) throw new Error('The planning pass reported no chunks.');
    return planFromChunks(chunks, root);
  } finally {
    delete process.env[PLANNING_PASS];
    delete (globalThis as Captured)[CAPTURED];
  }
};
