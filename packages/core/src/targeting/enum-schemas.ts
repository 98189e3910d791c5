import { z } from 'zod';
import {
  AGES,
  AGE_BANDS,
  AUDIENCE_STATUSES,
  CONTENT_TYPES,
  GENDERS,
  PLACEMENTS,
  SIZE_BUCKETS,
} from './enums';

// The zod schemas of the SPEC §3 enumerations (enums.ts).
export const genderSchema = z.enum(GENDERS);
export const ageSchema = z.enum(AGES);
export const ageBandSchema = z.enum(AGE_BANDS);
export const placementSchema = z.enum(PLACEMENTS);
export const sizeBucketSchema = z.enum(SIZE_BUCKETS);
export const audienceStatusSchema = z.enum(AUDIENCE_STATUSES);
export const contentTypeSchema = z.enum(CONTENT_TYPES);
