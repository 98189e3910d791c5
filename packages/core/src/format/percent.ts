import { NO_VALUE } from './no-value';

// SPEC §9: percent with up to 2 decimals. Intl rounds half away from zero on the shortest decimal
// form of the number, so 12.345 gives 12.35 (toFixed would give 12.34 for some such values).
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

export interface FormatPercentOptions {
  /** The value is a fraction (0.1234 means 12.34%) rather than already a percentage. */
  fromFraction?: boolean;
}

/** "12.35%", "50%", "0.1%"; trailing zeros are dropped. NaN and ±Infinity give "—". */
export function formatPercent(value: number, options: FormatPercentOptions = {}): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const text = options.fromFraction ? percent.format(value) : `${decimal.format(value)}%`;
  // A tiny negative rounds to "-0%"; nobody wants to read that.
  return text.replace(/^-(0%)$/, '$1');
}
