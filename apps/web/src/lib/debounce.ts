import { useDebouncedValue } from '@mantine/hooks';

/** SPEC §9: the debounce default, 500 ms — every typed search and every live size waits this long. */
export const DEBOUNCE_MS = 500;

/** `value` once it has stayed the same for SPEC §9's 500 ms (and a function that drops a pending change). */
export const useDebounced = <T>(value: T) => useDebouncedValue(value, DEBOUNCE_MS);
