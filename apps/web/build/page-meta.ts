// What the server puts in the <head> of index.html for each flavour and language (SEO: search engines
// and link previews read the served HTML, not what the app renders later). Written by the build to
// dist/page-meta.json beside the host fragments that choose the flavour, so that the server picks the
// flavour from the Host header exactly as the app does at boot (src/app/flavour.ts).
import { readConfig } from '../src/lib/read-config';

export type PageLanguage = 'en' | 'ja';
export type PageFlavour = 'dashboard' | 'pro' | 'premium';

export interface PageText {
  title: string;
  description: string;
}

export interface PageMetaFile {
  /** Host fragments per flavour, as the app's config reads them (VITE_* at build time). */
  hosts: { pro: string[]; premium: string[]; staging: string[] };
  siteName: string;
  meta: Record<PageFlavour, Record<PageLanguage, PageText>>;
  /** The pro site's public pages (marketing and free tools), for its sitemap.xml. */
  sitemap: { pro: string[] };
  /** What main.tsx imports before it renders, beyond index.html's own scripts: the flavour's chunks and
   * the language's catalogue, for `<link rel="modulepreload">` (no waterfall: entry, then flavour). */
  preload: {
    flavours: Record<PageFlavour, string[]>;
    languages: Record<PageLanguage, string[]>;
    /** The first-screen catalogue of each flavour and language (build/first-catalogue.ts). */
    catalogues: Record<PageFlavour, Record<PageLanguage, string[]>>;
    /** The lazy chunks of the pages a visit starts on (ENTRY_ROUTES), beyond the flavour's: a first load
     * of such a path fetches them beside the flavour's instead of after the router asked for them. */
    routes: EntryRoutePreload[];
  };
}

export interface EntryRoutePreload {
  flavour: PageFlavour;
  /** A regular expression (source) on the request's path, without the query. */
  path: string;
  files: string[];
}

/**
 * The pages a visit usually starts on, per flavour, and the lazy route modules their router loads
 * (the routers in src/app/flavours/*\/router.tsx): the login page, a team's audiences (where signing in
 * lands), the pro site's home and Deep Thought's home.
 */
export const ENTRY_ROUTES: { flavour: PageFlavour; path: string; sources: string[] }[] = [
  {
    flavour: 'dashboard',
    path: '^/login(?:/[^/]+)?/?$',
    sources: ['src/app/flavours/dashboard/routes/login.tsx'],
  },
  {
    flavour: 'dashboard',
    path: '^/(?!login/|store/|audiences/)[^/]+/audiences/?$',
    sources: [
      'src/app/flavours/dashboard/layouts/team-layout.tsx',
      'src/app/flavours/dashboard/routes/audiences.tsx',
    ],
  },
  { flavour: 'pro', path: '^/$', sources: ['src/app/flavours/pro/routes/home.tsx'] },
  { flavour: 'premium', path: '^/$', sources: ['src/app/flavours/premium/routes/paused.tsx'] },
];

const TEXTS: PageMetaFile['meta'] = {
  dashboard: {
    en: {
      title: 'Murmur — audience targeting for X advertisers',
      description:
        'Build audiences from what people post, follow and care about on X, see who they are, and send them to your X ad campaigns.',
    },
    ja: {
      title: 'Murmur — X 広告主のためのオーディエンスターゲティング',
      description:
        'X での投稿、フォロー、関心事からオーディエンスを作成し、どんな人たちなのかを把握して、X 広告キャンペーンに送ることができます。',
    },
  },
  pro: {
    en: {
      title: 'Targeting Toolkit — find the people who matter to your brand on X',
      description:
        'Targeting Toolkit builds audiences from what people post, follow and care about, and tells you who they are before you spend.',
    },
    ja: {
      title: 'Targeting Toolkit — X であなたのブランドにとって大切な人を見つけましょう',
      description:
        'Targeting Toolkit は、投稿内容、フォロー、関心事からオーディエンスを作成し、広告費をかける前にどんな人たちなのかを明らかにします。',
    },
  },
  premium: {
    en: {
      title: 'Deep Thought — analytics for your X account',
      description:
        'Deep Thought shows who follows, unfollows and engages with your X account, and which topics and posts move them.',
    },
    ja: {
      title: 'Deep Thought — あなたの X アカウントの分析',
      description:
        'Deep Thought は、あなたの X アカウントをフォロー、フォロー解除、エンゲージした人と、その人たちを動かすトピックや投稿を示します。',
    },
  },
};

/** The pro site's public routes (src/app/flavours/pro/router.tsx): pages anyone can read signed out. */
const PRO_PUBLIC_PAGES = [
  '/',
  '/about',
  '/pro-targeting',
  '/pro-solutions',
  '/pro-community',
  '/marketing-materials',
  '/explore',
  '/xstats',
];

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
/** The build's chunks by file name, and by the source path (from the root) of each module they hold. */
export type Manifest = Record<string, ManifestChunk>;

/** The parts of an output chunk the manifest reads (rolldown's OutputChunk with Vite's metadata). */
export interface BundleChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * A manifest of the bundle as written. Vite's own manifest names a chunk by its facade module only,
 * and the first screens' chunks (build/first-screen-chunks.ts) have none.
 */
export const manifestOf = (chunks: BundleChunk[], root: string): Manifest => {
  const manifest: Manifest = {};
  for (const chunk of chunks) {
    const entry: ManifestChunk = {
      file: chunk.fileName,
      isEntry: chunk.isEntry,
      imports: chunk.imports,
      css: [...(chunk.viteMetadata?.importedCss ?? [])],
    };
    manifest[chunk.fileName] = entry;
    for (const id of chunk.moduleIds) {
      if (id.startsWith(`${root}/`)) manifest[id.slice(root.length + 1)] ??= entry;
      // A virtual module (`\0first-catalogue:pro/en`) by its name.
      else if (id.startsWith('\0')) manifest[id.slice(1)] ??= entry;
    }
  }
  return manifest;
};

/** The files a chunk needs before it runs (itself, its static imports, their CSS), as URLs. */
const closureOf = (manifest: Manifest, key: string, into = new Set<string>()): Set<string> => {
  const chunk = manifest[key];
  if (chunk === undefined || into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) closureOf(manifest, imported, into);
  return into;
};

export const FLAVOUR_SOURCES: Record<PageFlavour, string> = {
  dashboard: 'src/app/flavours/dashboard/app.tsx',
  pro: 'src/app/flavours/pro/app.tsx',
  premium: 'src/app/flavours/premium/app.tsx',
};

/** Per flavour and per language, the files to preload (JavaScript and CSS), minus what index.html has. */
export const preloadsOf = (manifest: Manifest): PageMetaFile['preload'] => {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry === true);
  const inPage = entry === undefined ? new Set<string>() : closureOf(manifest, entry);
  const filesOf = (sources: string[], already = inPage): string[] => {
    const keys = new Set<string>();
    for (const source of sources) {
      const file = manifest[source]?.file;
      if (file === undefined) throw new Error(`No chunk holds ${source}.`);
      for (const key of closureOf(manifest, file)) if (!already.has(key)) keys.add(key);
    }
    const files = [...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]);
    return [...new Set(files)].map((file) => `/${file}`);
  };
  const flavourKeys = (flavour: PageFlavour) =>
    new Set([...inPage, ...closureOf(manifest, manifest[FLAVOUR_SOURCES[flavour]]!.file)]);
  return {
    flavours: {
      dashboard: filesOf([FLAVOUR_SOURCES.dashboard]),
      pro: filesOf([FLAVOUR_SOURCES.pro]),
      premium: filesOf([FLAVOUR_SOURCES.premium]),
    },
    languages: { en: filesOf(['src/locales/en.json']), ja: filesOf(['src/locales/ja.json']) },
    catalogues: {
      dashboard: {
        en: filesOf(['first-catalogue:dashboard/en']),
        ja: filesOf(['first-catalogue:dashboard/ja']),
      },
      pro: { en: filesOf(['first-catalogue:pro/en']), ja: filesOf(['first-catalogue:pro/ja']) },
      premium: {
        en: filesOf(['first-catalogue:premium/en']),
        ja: filesOf(['first-catalogue:premium/ja']),
      },
    },
    routes: ENTRY_ROUTES.map(({ flavour, path, sources }) => ({
      flavour,
      path,
      files: filesOf(sources, flavourKeys(flavour)),
    })),
  };
};

export const pageMeta = (
  env: Partial<Record<string, string | undefined>>,
  manifest: Manifest,
): PageMetaFile => {
  const config = readConfig(env);
  return {
    hosts: { pro: config.proTargetingDomains, premium: config.premiumDomains, staging: config.stagingHosts },
    siteName: 'Murmur',
    meta: TEXTS,
    sitemap: { pro: PRO_PUBLIC_PAGES },
    preload: preloadsOf(manifest),
  };
};
