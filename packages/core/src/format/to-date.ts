export type DateInput = Date | string | number;

/** A Date from a Date, an ISO string or epoch milliseconds; undefined when it is not a real date. */
export function toDate(input: DateInput): Date | undefined {
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
