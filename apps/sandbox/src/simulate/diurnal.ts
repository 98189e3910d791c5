/**
 * Relative activity by local hour (0–23): quiet at night, a lunch bump, a peak in the evening, as
 * X's traffic curves show. Normalised so the mean is 1, so "posts per day" stays posts per day.
 */
const RAW = [
  0.55, 0.35, 0.22, 0.15, 0.12, 0.15, 0.3, 0.6, 0.9, 1.05, 1.1, 1.15, 1.3, 1.2, 1.1, 1.1, 1.15, 1.25, 1.4,
  1.6, 1.75, 1.8, 1.55, 1.0,
];
const MEAN = RAW.reduce((s, x) => s + x, 0) / RAW.length;
export const DIURNAL: readonly number[] = RAW.map((x) => x / MEAN);

/** Activity factor at a UTC instant for a place `utcOffset` minutes ahead of UTC. */
export function diurnalFactor(unixSeconds: number, utcOffset: number): number {
  const local = (((unixSeconds + utcOffset * 60) % 86400) + 86400) % 86400;
  return DIURNAL[Math.floor(local / 3600)]!;
}
