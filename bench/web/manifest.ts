// Reading Vite's build manifest (apps/web/dist/.vite/manifest.json): which chunks a page needs.

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || manifest[key] === undefined) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The JavaScript files of a set of manifest keys. */
export const filesOf = (manifest: Manifest, keys: Iterable<string>): string[] =>
  [...new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')))].sort();

/** The CSS files of a set of manifest keys. */
export const cssOf = (manifest: Manifest, keys: Iterable<string>): string[] =>
  [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))].sort();

/** The key of the chunk built from a source file (Vite keys chunks by their source path). */
export const keyOfSource = (manifest: Manifest, suffix: string): string | undefined =>
  Object.keys(manifest).find((k) => k.endsWith(suffix));
