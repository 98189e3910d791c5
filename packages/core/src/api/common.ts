import { z } from 'zod';

/** SPEC §9: the interface languages are English and Japanese only. */
export const LANGUAGES = ['en', 'ja'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

/** SPEC §5: "Please enter a valid email address" for anything that is not a simple name@host.tld. */
export const EMAIL_MESSAGE = 'Please enter a valid email address';
/** SPEC §5: the simple email pattern — something, an at-sign, something, a dot, something; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 5321 limit on an address's length. */
export const EMAIL_MAX_LENGTH = 254;
export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: EMAIL_MESSAGE })
  .regex(EMAIL_PATTERN, { error: EMAIL_MESSAGE });

/** Error bodies follow Django REST framework's shapes, which the SPEC §8 message builder reads. */
export const errorBodySchema = z.union([
  z.object({ detail: z.string() }),
  z.record(z.string(), z.array(z.string())),
]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamSchema = z.object({ pk: z.coerce.number().int().positive() });
export const isoDateTime = z.string().describe('ISO 8601 date-time');
