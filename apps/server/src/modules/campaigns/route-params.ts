import { z } from 'zod';
import { MAX_DB_ID } from '../../lib/db-id';

/** `/{pk}/` of SPEC §7's paths: a positive database id (larger ones are a 400, not a 500). */
export const pkParams = z.object({ pk: z.coerce.number().int().positive().max(MAX_DB_ID) });
