import { resolve } from 'node:path';
import { backup, restore } from './backup';

// `npm run backup [-- <folder>]` and `npm run restore -- <folder>` (from source, with tsx), or in the
// image `node apps/server/dist/backup.mjs backup|restore <folder>`. DATABASE_URL and DATA_DIR as
// for the server (docs/OPERATIONS.md "Backup and restore").
const [command, folder] = process.argv.slice(2);
const cwd = process.env.INIT_CWD ?? process.cwd();
const dataDir = resolve(cwd, process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const log = (line: string) => console.log(`  ${line}`);

try {
  if (command === 'backup') {
    const out = resolve(cwd, folder ?? `backups/murmur-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const manifest = await backup({ databaseUrl, dataDir, out, log });
    const counts = Object.entries(manifest.rows).map(([table, n]) => `${n} ${table}`);
    console.log(`Backup written to ${out} (${counts.join(', ')}).`);
  } else if (command === 'restore' && folder) {
    const manifest = await restore({ databaseUrl, dataDir, from: resolve(cwd, folder), log });
    console.log(`Restored the backup of ${manifest.created}; every counted row is back.`);
  } else {
    console.error('Usage: backup [folder] | restore <folder>');
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
