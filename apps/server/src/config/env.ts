import { z } from 'zod';

// Empty variables count as unset: `FOO= node …` must not pass for a configured secret.
export const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
export const url = (name: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), { error: `${name} must be a URL` });
