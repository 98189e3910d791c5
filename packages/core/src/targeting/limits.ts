/** SPEC §8/§9: at most 100 handles are applied; an alert says only the first 100 are. */
export const MAX_HANDLES = 100;

/** SPEC §9: countries are sent only if fewer than 50 are selected. */
export const MAX_COUNTRIES_SENT = 50;

/** SPEC §9: the selected countries when fewer than 50, else an empty list (that is, worldwide). */
export function countriesToSend<T>(countries: readonly T[]): T[] {
  return countries.length < MAX_COUNTRIES_SENT ? [...countries] : [];
}

/** SPEC §8/§9: the first 100 handles, and whether some were left out (show the alert then). */
export function handlesToApply<T>(handles: readonly T[]): { handles: T[]; tooMany: boolean } {
  return { handles: handles.slice(0, MAX_HANDLES), tooMany: handles.length > MAX_HANDLES };
}
