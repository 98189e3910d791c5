// The words a flavour's first screens show, apart from the whole catalogue. The catalogue of a language
// is ~90–120 kB (26–30 kB on the wire) and a first screen shows a few of its sections: the first load
// fetches `virtual:first-catalogue/<flavour>/<language>`, the sections whose keys the code of that
// flavour's first loads names (found by the planning pass: build/first-screen-chunks.ts), and the whole
// catalogue follows once the first screen is up (src/lib/i18n.ts). A key is named in code as a string
// that starts with its section (`'login.title'`, `` `errors.${code}` ``); a section is kept whole, and
// so are the sections a kept text nests (`$t(common.x)`).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { PageFlavour } from './page-meta';

const PREFIX = 'virtual:first-catalogue/';
const RESOLVED = '\0first-catalogue:';
const LANGUAGES = ['en', 'ja'] as const;

type Catalogue = Record<string, unknown>;

/** The sections of `sections` that `code` names: a string literal or template starting `section.`. */
export const sectionsNamedIn = (code: string, sections: ReadonlySet<string>): Set<string> => {
  const found = new Set<string>();
  for (const match of code.matchAll(/['"`]([A-Za-z][A-Za-z0-9]*)\./g)) {
    if (sections.has(match[1]!)) found.add(match[1]!);
  }
  return found;
};

/** The sections kept, with every section their texts nest (`$t(section.key)`), transitively. */
export const withNested = (catalogue: Catalogue, kept: Set<string>): Set<string> => {
  const all = new Set(Object.keys(catalogue));
  const result = new Set(kept);
  const stack = [...kept];
  while (stack.length > 0) {
    const text = JSON.stringify(catalogue[stack.pop()!] ?? null);
    for (const match of text.matchAll(/\$t\(([A-Za-z][A-Za-z0-9]*)\./g)) {
      if (all.has(match[1]!) && !result.has(match[1]!)) {
        result.add(match[1]!);
        stack.push(match[1]!);
      }
    }
  }
  return result;
};

/** The sections each flavour's first loads name, read from the source files of their modules. */
export const firstSections = (
  modules: Record<PageFlavour, Set<string>>,
  catalogue: Catalogue,
): Record<PageFlavour, string[]> => {
  const sections = new Set(Object.keys(catalogue));
  const sourceOf = (id: string) => {
    const file = id.split('?')[0]!;
    if (file.startsWith('\0') || file.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(file)) return '';
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const of = (flavour: PageFlavour) => {
    const named = new Set<string>();
    for (const id of modules[flavour]) for (const s of sectionsNamedIn(sourceOf(id), sections)) named.add(s);
    return [...withNested(catalogue, named)].sort();
  };
  return { dashboard: of('dashboard'), pro: of('pro'), premium: of('premium') };
};

/**
 * Serves `virtual:first-catalogue/<flavour>/<language>`: the first screen's sections when the build
 * planned them, the whole catalogue otherwise (dev server, tests, the planning pass).
 */
export const firstCatalogues = (
  localesDir: string,
  sections: Record<PageFlavour, string[]> | undefined,
): Plugin => ({
  name: 'murmur-first-catalogue',
  resolveId(id) {
    return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : null;
  },
  load(id) {
    if (!id.startsWith(RESOLVED)) return null;
    const [flavour, language] = id.slice(RESOLVED.length).split('/') as [PageFlavour, string];
    if (!(LANGUAGES as readonly string[]).includes(language)) return null;
    const catalogue = JSON.parse(readFileSync(`${localesDir}/${language}.json`, 'utf8')) as Catalogue;
    const kept = sections?.[flavour];
    const subset =
      kept === undefined ? catalogue : Object.fromEntries(kept.map((s) => [s, catalogue[s]] as const));
    // JSON.parse of a string literal: parsed faster than the same object literal (V8's advice).
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(subset))});\n`;
  },
});
