// Type-checks every workspace with its own tsconfig (each is noEmit; internal packages are
// consumed as TypeScript source, so a workspace's check also covers what it imports).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const projects = [
  '.',
  'packages/core',
  'packages/engine',
  'packages/engine-cluster',
  'apps/sandbox',
  'apps/server',
  'apps/web',
  'apps/extension',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const hasSources =
    project === '.' ||
    readdirSync(project, { recursive: true }).some(
      (f) => /\.tsx?$/.test(String(f)) && !String(f).includes('node_modules'),
    );
  if (!hasSources) continue;
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
    console.log(`typecheck ok: ${project}`);
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
