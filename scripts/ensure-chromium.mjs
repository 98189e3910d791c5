// Browser tests drive Debian's Chromium (never a browser downloaded by a test tool).
// Installs it with apt-get when missing and we are root; otherwise says exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Japanese screens need a CJK font, or every Japanese character renders as a box.
const CJK_FONT_DIR = '/usr/share/fonts/opentype/noto';
// Emoji (in bios, posts and the word cloud) need a colour emoji font, or they render as boxes in the
// screenshots and in the PNGs the insights export.
const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';

const missing = [];
if (!existsSync(CHROMIUM)) missing.push('chromium');
if (!existsSync(CJK_FONT_DIR)) missing.push('fonts-noto-cjk');
if (!existsSync(EMOJI_FONT)) missing.push('fonts-noto-color-emoji');

if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Browser tests need Debian packages that are missing: ${missing.join(' ')}`);
  console.error(`Install them with: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
console.log(`Installing ${missing.join(' ')} with apt-get (needed by the browser tests)…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
