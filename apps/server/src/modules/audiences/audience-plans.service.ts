import type { z } from 'zod';
import type { AudiencePlan, saveAudiencePlanSchema } from '@murmur/core/api';
import type { AudiencePlanRow, UserRow } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AudienceConfigsRepository } from './audience-configs.repository';
import type { AudiencePlansRepository } from './audience-plans.repository';

export type SavePlanInput = z.output<typeof saveAudiencePlanSchema>;
export type AudiencePlansService = ReturnType<typeof createAudiencePlansService>;

const present = (p: AudiencePlanRow): AudiencePlan => ({
  id: p.id,
  name: p.name,
  audience_config_ids: p.audienceConfigIds,
  notes: p.notes,
  reach: p.reach ?? null,
  created: p.created.toISOString(),
  modified: p.modified.toISOString(),
});

/** Audience plans belong to their user alone; others' ids are 404. */
export function createAudiencePlansService(deps: {
  repo: AudiencePlansRepository;
  configsRepo: AudienceConfigsRepository;
  clock: Clock;
}) {
  const { repo, configsRepo, clock } = deps;

  /** Every listed config must be one the user may read; unknown and foreign ids read the same. */
  async function values(user: UserRow, input: SavePlanInput) {
    const ids = [...new Set(input.audience_config_ids)];
    const readable = await configsRepo.readableAmong(ids, user.id);
    if (readable.length !== ids.length) {
      throw new BadRequest({ audience_config_ids: ['Choose audiences you have access to.'] });
    }
    // A reach plan's steps are distinct audiences (SPEC-free: the overlap takes 50 at most).
    if (input.reach && ids.length > 50) {
      throw new BadRequest({ audience_config_ids: ['A reach plan takes 50 audiences at most.'] });
    }
    return { name: input.name, audienceConfigIds: ids, notes: input.notes, reach: input.reach };
  }

  return {
    async list(user: UserRow): Promise<AudiencePlan[]> {
      return (await repo.list(user.id)).map(present);
    },
    async get(user: UserRow, id: number): Promise<AudiencePlan> {
      const row = await repo.find(id, user.id);
      if (!row) throw new NotFound();
      return present(row);
    },
    async create(user: UserRow, input: SavePlanInput): Promise<AudiencePlan> {
      return present(await repo.create(user.id, await values(user, input), clock.now()));
    },
    async update(user: UserRow, id: number, input: SavePlanInput): Promise<AudiencePlan> {
      if (!(await repo.find(id, user.id))) throw new NotFound();
      const row = await repo.update(id, user.id, await values(user, input), clock.now());
      if (!row) throw new NotFound();
      return present(row);
    },
    async remove(user: UserRow, id: number): Promise<void> {
      if (!(await repo.remove(id, user.id))) throw new NotFound();
    },
  };
}
