#!/usr/bin/env node
// The server's test files that reach the database or Redis through their imports: what `npm run
// test:db` runs again on PostgreSQL and Redis. A test whose imports never reach the modules that open
// a database or a Redis connection runs the same code on either, so the unit run has already run it.
// Static relative imports and dynamic import('…') with a literal path are followed; workspace packages
// (@murmur/…) open no database and are not followed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../apps/server/src');
/** The modules that open PostgreSQL/PGlite or Redis. */
const STORES = [
  'db/database.ts',
  'jobs/bullmq-queue.ts',
  'jobs/redis-caps.ts',
  'jobs/scheduler.ts',
  'lib/auth-cache-redis.ts',
  'plugins/rate-limit.ts',
].map((file) => join(root, file));
for (const store of STORES)
  if (!existsSync(store)) throw new Error(`scripts/database-tests.mjs: ${store} is gone`);

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

const reaches = new Map();
function reachesStore(file, path = new Set()) {
  if (reaches.has(file)) return reaches.get(file);
  if (STORES.includes(file)) return true;
  if (path.has(file)) return false;
  path.add(file);
  let found = false;
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolveImport(file, spec);
    if (target && reachesStore(target, path)) {
      found = true;
      break;
    }
  }
  path.delete(file);
  // A file found not to reach a store while one of its importers is still being walked may reach it
  // through that importer's cycle; only a positive answer is certain enough to keep.
  if (found) reaches.set(file, true);
  return found;
}

const tests = [];
(function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.test.ts')) tests.push(full);
  }
})(root);

const selected = tests.filter((file) => reachesStore(file)).sort();
if (process.argv.includes('--report'))
  console.error(`${selected.length} of ${tests.length} server test files reach the database or Redis`);
console.log(selected.map((file) => relative(resolve(import.meta.dirname, '..'), file)).join('\n'));
