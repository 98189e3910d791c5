import type { Language } from '../i18n';
import { NO_VALUE } from './no-value';

const MILLION = 1_000_000;
const THOUSAND = 1_000;

/**
 * Compact audience sizes and counts.
 *
 * SPEC §9: "M with one decimal from 1,000,000; K with one decimal under 10,000, otherwise none".
 * Decisions: digits are truncated, never rounded up, so a size is never overstated and a bucket
 * never spills into the next one (999,999 → "999K", not "1000K"); the one decimal is always kept
 * ("1.0M", "1.0K") so that columns of sizes line up; negatives get a leading "-"; NaN and
 * ±Infinity give "—".
 */
export function formatLargeNumber(n: number, language: Language = 'en'): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  const abs = Math.trunc(Math.abs(n));
  const sign = n < 0 && abs > 0 ? '-' : '';
  if (language === 'ja') return `${sign}${japaneseUnits(abs)}`;
  // SPEC §9: M with one decimal from 1,000,000.
  if (abs >= MILLION) return `${sign}${oneDecimal(abs, MILLION)}M`;
  // SPEC §9: K with one decimal under 10,000 ...
  if (abs >= 10 * THOUSAND) return `${sign}${Math.trunc(abs / THOUSAND)}K`;
  // ... otherwise K without decimals.
  if (abs >= THOUSAND) return `${sign}${oneDecimal(abs, THOUSAND)}K`;
  return `${sign}${abs}`;
}

/** `abs / unit` truncated to one decimal, always printed with that decimal. */
function oneDecimal(abs: number, unit: number): string {
  const tenths = Math.trunc(abs / (unit / 10));
  return `${Math.trunc(tenths / 10)}.${tenths % 10}`;
}

const MAN = 10_000;
const OKU = 100_000_000;

/**
 * Japanese screens count in 万 (10⁴) and 億 (10⁸), as Japanese readers do: "100万", not "1.0M".
 * Same truncation as above: one decimal under ten of a unit (1.2万, 5.5億), whole units above
 * (1810万, 12億); below 1万, the digits with separators.
 */
function japaneseUnits(abs: number): string {
  if (abs >= OKU) return abs >= 10 * OKU ? `${Math.trunc(abs / OKU)}億` : `${oneDecimal(abs, OKU)}億`;
  if (abs >= 10 * MAN) return `${Math.trunc(abs / MAN)}万`;
  if (abs >= MAN) return `${oneDecimal(abs, MAN)}万`;
  return abs.toLocaleString('en-US');
}
