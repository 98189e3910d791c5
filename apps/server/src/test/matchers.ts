import { expect } from 'vitest';

/** `expect.any(…)` typed as the value it stands for, so object literals in assertions stay type-safe. */
export const anyNumber = expect.any(Number) as unknown as number;
export const anyString = expect.any(String) as unknown as string;
