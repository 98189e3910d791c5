import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and test names cite the rule or decision, not a tracker's issue number: a reader of the
 * repository can open `docs/API.md "Who may delete what"` or `lib/team-rule.ts`, not a number. Every
 * source file of the repository (tracked, or new and not ignored) is read, and each line that names
 * an issue by its number is listed as file:line.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE_FOLDERS = ['apps/', 'packages/', 'e2e/', 'bench/', 'scripts/', '.ci/'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Written by `npm run generate:api` from the routes, which this check reads themselves. */
const GENERATED = /\.generated\.ts$/;

/**
 * "issue", "issues", then a number, "#" allowed. Built from parts so that this file does not hold
 * the text it forbids.
 */
const ISSUE_NUMBER = new RegExp(['\\b', 'issue', 's? #?\\d+'].join(''), 'i');

/** Root-relative paths of the files the check reads: root config files, and the source folders'. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))].filter(
    (path) =>
      path !== '' &&
      !GENERATED.test(path) &&
      (path.startsWith('.ci/') ||
        (SOURCE_FILE.test(path) &&
          (!path.includes('/') || SOURCE_FOLDERS.some((f) => path.startsWith(f))))) &&
      existsSync(join(ROOT, path)),
  );
}

/** `file:line: text` for each line of `text` that names an issue by its number. */
function issueNumbers(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (ISSUE_NUMBER.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
}

describe('comments cite the rule, not an issue number', () => {
  it('finds a number after the word, singular or plural, with or without #, in any case', () => {
    const word = ['Iss', 'ue'].join('');
    const text = [
      `// ${word} 37 §5: the agency view`,
      `it('who may delete (${word.toLowerCase()} 31): …')`,
      `/** ${word.toLowerCase()}s #36 and 31 */`,
      `// ${word}'s number stays out; t${word.toLowerCase()} 3 and ${word.toLowerCase()}d 4 are no issue numbers`,
      '// docs/API.md "Who may delete what"',
    ].join('\n');
    expect(issueNumbers('a.ts', text)).toEqual([
      `a.ts:1: // ${word} 37 §5: the agency view`,
      `a.ts:2: it('who may delete (${word.toLowerCase()} 31): …')`,
      `a.ts:3: /** ${word.toLowerCase()}s #36 and 31 */`,
    ]);
  });

  it('reads the source of every folder and the root config files', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(1000);
    for (const expected of [
      'apps/server/src/lib/team-rule.ts',
      'e2e/playwright.config.ts',
      'vitest.config.ts',
      '.ci/run',
    ])
      expect(files).toContain(expected);
    expect(files.some((path) => path.includes('node_modules/') || GENERATED.test(path))).toBe(false);
  });

  it('no source file names an issue by its number', () => {
    const found = sourceFiles().flatMap((path) => issueNumbers(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(found, 'cite the doc (docs/*.md and its section), the rule or the file that holds it').toEqual([]);
  });
});
