// The campaign summary PDF test reads the PDF's text with poppler's pdftotext (a real PDF reader,
// not the library that wrote it). Installs poppler-utils with apt-get when missing and we are root;
// otherwise says exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? '/usr/bin/pdftotext';
if (existsSync(PDFTOTEXT)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error('The PDF tests need pdftotext, which is missing.');
  console.error('Install it with: sudo apt-get update && sudo apt-get install -y poppler-utils');
  process.exit(1);
}
console.log('Installing poppler-utils with apt-get (pdftotext, needed by the PDF tests)…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
// `npm test` runs this once before the suite; a test file that runs it too (alone, by path) may meet
// another apt-get holding dpkg's lock: wait for it instead of failing.
const wait = ['-o', 'DPkg::Lock::Timeout=300'];
execFileSync('apt-get', [...wait, 'update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', [...wait, 'install', '-y', '-qq', 'poppler-utils'], { stdio: 'inherit', env });
if (!existsSync(PDFTOTEXT)) {
  console.error(`apt-get finished but ${PDFTOTEXT} is still missing.`);
  process.exit(1);
}
