/** Shown in place of a number that cannot be formatted (NaN, ±Infinity, invalid dates give ''). */
export const NO_VALUE = '—';
