import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../test/test-app';
import { routeMapSource, type OpenApiDocument } from './route-map';

/** The checked-in route map the web's `request` helper is typed by (exported as @murmur/core/api's ApiRoutes). */
export const ROUTE_MAP_FILE = fileURLToPath(
  new URL('../../../../packages/core/src/api/routes.generated.ts', import.meta.url),
);

/**
 * The OpenAPI document /api/docs serves, without listening: the whole app built as the API tests
 * build it (in-memory PGlite from the migrated template, no engine, no sandbox, no network), then
 * @fastify/swagger's `swagger()` once every route is registered.
 */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const t = await createTestApp();
  try {
    return t.app.swagger() as unknown as OpenApiDocument;
  } finally {
    await t.close();
  }
}

export interface GenerateResult {
  /** False when checking and the file differs from what the document generates. */
  ok: boolean;
  message: string;
}

/**
 * Writes the route map from the document, or with `check` only compares: a stale file (a route,
 * a schema changed on the server and `npm run generate:api` not run) is reported, not rewritten.
 */
export async function generateApi(options: {
  document: OpenApiDocument;
  check: boolean;
  file?: string;
}): Promise<GenerateResult> {
  const file = options.file ?? ROUTE_MAP_FILE;
  const name = relative(process.cwd(), file);
  const source = routeMapSource(options.document);
  const current = await readFile(file, 'utf8').catch(() => undefined);
  const count = (source.match(/^ {2}"[A-Z]+ \//gm) ?? []).length;
  if (current === source) return { ok: true, message: `${name}: up to date (${count} routes)` };
  if (options.check)
    return {
      ok: false,
      message:
        `${name} is stale: the server's routes or schemas changed since it was generated.\n` +
        `Run \`npm run generate:api\` and commit the result.\n${firstDifference(current ?? '', source)}`,
    };
  await writeFile(file, source);
  return { ok: true, message: `${name}: written (${count} routes)` };
}

/** The first line that differs, so the message says which route changed. */
function firstDifference(current: string, generated: string): string {
  const a = current.split('\n');
  const b = generated.split('\n');
  const i = b.findIndex((line, n) => line !== a[n]);
  const at = i === -1 ? b.length : i;
  return `First difference at line ${at + 1}:\n  committed: ${a[at] ?? '(end of file)'}\n  generated: ${b[at] ?? '(end of file)'}`;
}
