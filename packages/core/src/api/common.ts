import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, EMAIL_PATTERN, LANGUAGES } from './constants';

export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

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

/** A success that only says what happened ("Social account disconnected."). */
export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

export const idParamSchema = z.object({ pk: z.coerce.number().int().positive() });
export const isoDateTime = z.string().describe('ISO 8601 date-time');
