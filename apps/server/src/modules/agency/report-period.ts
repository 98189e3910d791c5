import type { ReportFrequency } from '@murmur/core/api';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReportTiming {
  frequency: ReportFrequency;
  /** ISO weekday 1–7 (weekly) or day of the month 1–28, 0 for the month's last day (monthly). */
  day: number;
  hour: number;
  timeZone: string;
}

/** A report's period: from its start (inclusive) to its due time, the start of the next. */
export interface ReportPeriod {
  /** The previous due time's local date (YYYY-MM-DD): the period's key, recorded once sent. */
  key: string;
  start: Date;
  /** When this period's report is due (and the next period starts). */
  due: Date;
}

/** The wall-clock date and time of `at` in `timeZone`. */
function localParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The instant of a wall-clock date and hour in `timeZone` (its offset at that time). */
export function zonedInstant(y: number, m: number, d: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d, hour);
  let guess = wall;
  // Twice: the offset at the guess may differ from the offset at the answer (a DST change between).
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(guess), timeZone);
    const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - guess;
    guess = wall - offset;
  }
  return new Date(guess);
}

/** Calendar arithmetic on a local date, through UTC (no time zone involved). */
const addDays = (date: { y: number; m: number; d: number }, days: number) => {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d) + days * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
/** A monthly report's day in a month: its day, or (0) the month's last. */
const dayIn = (day: number, y: number, m: number) =>
  day === 0 ? new Date(Date.UTC(y, m, 0)).getUTCDate() : day;
/** The report's day `months` months from `date`'s month. */
const addMonths = (date: { y: number; m: number }, months: number, day: number) => {
  const t = new Date(Date.UTC(date.y, date.m - 1 + months, 1));
  const [y, m] = [t.getUTCFullYear(), t.getUTCMonth() + 1];
  return { y, m, d: dayIn(day, y, m) };
};
const isoDate = (date: { y: number; m: number; d: number }) =>
  `${date.y}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;

/** The local date of the last due time at or before `now`. */
function lastDueDate(timing: ReportTiming, now: Date) {
  const p = localParts(now, timing.timeZone);
  const today = { y: p.year, m: p.month, d: p.day };
  if (timing.frequency === 'weekly') {
    const weekday = ((new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7) + 1;
    let back = (weekday - timing.day + 7) % 7;
    if (back === 0 && p.hour < timing.hour) back = 7;
    return addDays(today, -back);
  }
  const thisMonth = addMonths({ y: p.year, m: p.month }, 0, timing.day);
  const passed = p.day > thisMonth.d || (p.day === thisMonth.d && p.hour >= timing.hour);
  return passed ? thisMonth : addMonths(thisMonth, -1, timing.day);
}

const step = (timing: ReportTiming, date: { y: number; m: number; d: number }, n: number) =>
  timing.frequency === 'weekly' ? addDays(date, 7 * n) : addMonths(date, n, timing.day);

/**
 * The period whose report became due last, at or before `now`: it ran from the due time before to
 * that one. Its key is its start's local date.
 */
export function lastPeriod(timing: ReportTiming, now: Date): ReportPeriod {
  const dueDate = lastDueDate(timing, now);
  const startDate = step(timing, dueDate, -1);
  const at = (d: { y: number; m: number; d: number }) =>
    zonedInstant(d.y, d.m, d.d, timing.hour, timing.timeZone);
  return { key: isoDate(startDate), start: at(startDate), due: at(dueDate) };
}

/** When the next report is due after `now`. */
export function nextDue(timing: ReportTiming, now: Date): Date {
  const next = step(timing, lastDueDate(timing, now), 1);
  return zonedInstant(next.y, next.m, next.d, timing.hour, timing.timeZone);
}

/** The period that runs now (for "Send now"): from the last due time until now. */
export function currentPeriod(timing: ReportTiming, now: Date): ReportPeriod {
  const last = lastPeriod(timing, now);
  const p = localParts(last.due, timing.timeZone);
  return { key: isoDate({ y: p.year, m: p.month, d: p.day }), start: last.due, due: now };
}
