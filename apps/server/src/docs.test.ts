import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The how-to checklists and the map name real files: every backticked path that starts at the
 * repository's root (`apps/…`, `packages/…`, …) exists. A placeholder (`<name>`) stands for any
 * name, so only the part before it must exist.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ROOT_FOLDERS = ['apps/', 'packages/', 'docs/', 'e2e/', 'scripts/', 'bench/'];

/** The root-relative paths a Markdown text names in backticks. */
function namedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const path = code!.trim();
    if (/\s/.test(path) || !ROOT_FOLDERS.some((folder) => path.startsWith(folder))) continue;
    paths.add(path);
  }
  return [...paths];
}

/** The part of a path that must exist: up to the folder holding its first placeholder. */
function existingPart(path: string): string {
  const placeholder = path.indexOf('<');
  if (placeholder < 0) return path;
  return path.slice(0, path.lastIndexOf('/', placeholder) + 1);
}

const missing = (doc: string) =>
  namedPaths(readFileSync(join(ROOT, doc), 'utf8')).filter(
    (path) => !existsSync(join(ROOT, existingPart(path))),
  );

describe('docs name real files', () => {
  it('reads backticked root paths and their placeholders', () => {
    expect(
      namedPaths(
        '`apps/server/src/app.ts`, `modules/x/`, `npm run x`, `apps/web/src/features/<feature>/api/` and `@murmur/core`',
      ),
    ).toEqual(['apps/server/src/app.ts', 'apps/web/src/features/<feature>/api/']);
    expect(existingPart('apps/server/src/modules/<name>/<name>.routes.ts')).toBe('apps/server/src/modules/');
    expect(existingPart('packages/core/src/api/<area>.ts')).toBe('packages/core/src/api/');
    expect(existsSync(join(ROOT, 'apps/server/src/no-such-file.ts'))).toBe(false);
  });

  it.each(['docs/HOW-TO.md', 'docs/ARCHITECTURE.md'])('%s: every named path exists', (doc) => {
    expect(namedPaths(readFileSync(join(ROOT, doc), 'utf8')).length).toBeGreaterThan(10);
    expect(missing(doc)).toEqual([]);
  });
});
