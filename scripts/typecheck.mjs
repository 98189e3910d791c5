// Type-checks every workspace (each tsconfig is noEmit; internal packages are consumed as TypeScript
// source, so a workspace's check also covers what it imports).
//
// The Node workspaces whose tsconfig is the base's with Node's types and nothing else are checked as
// one program (tsconfig.node.json): checked one by one, each run checked again the packages it
// imports (2026-11-30, slow machine: 130 s one by one against 55 s as one program). A workspace whose
// tsconfig says anything more is checked on its own, so an option added there is never ignored.
//
// Arguments choose what to check (CI splits the checks between two processes): `node` (the Node
// workspaces, one program or those that left it), and any of apps/web, apps/extension, e2e. None: all.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const NODE_GROUP = [
  '.',
  'packages/core',
  'packages/engine',
  'packages/engine-cluster',
  'apps/sandbox',
  'apps/server',
  'bench',
];
const OWN = ['apps/web', 'apps/extension', 'e2e'];

/** A tsconfig file as written (comments allowed), not resolved. */
function readConfig(path) {
  const { config, error } = ts.readConfigFile(path, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return config;
}

/** Whether a tsconfig is the base's with `types: ["node"]` only (what tsconfig.node.json compiles). */
function isPlainNode(config) {
  const keys = Object.keys(config).sort().join();
  const options = config.compilerOptions ?? {};
  return (
    keys === 'compilerOptions,extends,include' &&
    config.extends.endsWith('tsconfig.base.json') &&
    JSON.stringify(options) === JSON.stringify({ types: ['node'] })
  );
}

/** The folders tsconfig.node.json includes, each workspace's own `include` under its folder. */
function nodeGroupIncludes() {
  return new Set(readConfig('tsconfig.node.json').include.map((path) => join(path)));
}

function hasSources(project) {
  return (
    project === '.' ||
    readdirSync(project, { recursive: true }).some(
      (f) => /\.tsx?$/.test(String(f)) && !String(f).includes('node_modules'),
    )
  );
}

let failed = false;
function tsc(project, label = project) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
    console.log(`typecheck ok: ${label}`);
  } catch {
    failed = true;
  }
}

// Every workspace with a tsconfig is one of the lists above: a new one is never left unchecked.
const workspaces = ['apps', 'packages'].flatMap((dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'tsconfig.json')))
    .map((d) => `${dir}/${d.name}`),
);
const unlisted = workspaces.filter((w) => !NODE_GROUP.includes(w) && !OWN.includes(w));
if (unlisted.length > 0)
  throw new Error(
    `typecheck: ${unlisted.join(', ')} not listed in scripts/typecheck.mjs (NODE_GROUP or OWN)`,
  );

const chosen = process.argv.slice(2);
for (const name of chosen)
  if (name !== 'node' && !OWN.includes(name))
    throw new Error(`typecheck: unknown "${name}" (node, ${OWN.join(', ')})`);
const wanted = (name) => chosen.length === 0 || chosen.includes(name);

const checkable = (project) => existsSync(`${project}/tsconfig.json`) && hasSources(project);
const alone = OWN.filter((project) => wanted(project) && checkable(project));
if (wanted('node')) {
  const grouped = nodeGroupIncludes();
  for (const project of NODE_GROUP.filter(checkable)) {
    const config = readConfig(`${project}/tsconfig.json`);
    const covered = (config.include ?? []).every((path) => grouped.has(join(project, path)));
    if (!isPlainNode(config) || !covered) alone.push(project);
  }
  tsc('tsconfig.node.json', `${NODE_GROUP.join(', ')} (one program)`);
}
for (const project of alone) tsc(project);
process.exit(failed ? 1 : 0);
