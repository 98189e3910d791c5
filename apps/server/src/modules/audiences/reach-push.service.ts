import type { PushReachPlan, PushedReachPlan } from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { BadRequest, NotFound } from '../../errors';
import type { AudienceConfigsService } from './audience-configs.service';
import type { AudiencePlansRepository } from './audience-plans.repository';
import { resolveAudience } from './resolve-audience';

/** The x-audiences module's upload of composed account sets (uploads.service.ts `uploadSets`). */
export type UploadSets = (
  user: UserRow,
  target: { team: string; account_id: string; plan_id: number },
  sets: readonly { name: string; description: string; members: Uint32Array }[],
) => Promise<{ uploadId: number; customAudienceId: string; name: string; uploadedCount: number }[]>;

export type ReachPushService = ReturnType<typeof createReachPushService>;

/**
 * A saved plan's audiences pushed to X (docs/API-AUDIENCES.md "Reach planner"): the union
 * as one custom audience, or one per step in the plan's order, each without the earlier steps'
 * members, so that a campaign can bid on each step's new people separately.
 */
export function createReachPushService(deps: {
  plans: AudiencePlansRepository;
  configs: AudienceConfigsService;
  engine: EngineHolder;
  uploadSets: UploadSets;
}) {
  const { plans, configs, engine } = deps;
  return {
    async push(user: UserRow, planId: number, input: PushReachPlan): Promise<PushedReachPlan> {
      const plan = await plans.find(planId, user.id);
      if (!plan) throw new NotFound();
      if (plan.audienceConfigIds.length === 0) {
        throw new BadRequest({ audience_config_ids: ['This plan has no audiences to push.'] });
      }
      // Every step is read again: an audience the user lost access to since is the plan's 404.
      const steps = [];
      for (const id of plan.audienceConfigIds) {
        steps.push(await resolveAudience(configs, user, { audience_config_id: id }));
      }
      const e = engine.get();
      const sets = steps.map((s) => e.evaluate(s.pkg, { exclusions: s.exclusions }).accounts);
      // Account numbers reached by the earlier steps (one byte per indexed account).
      const reached = new Uint8Array(sets[0]!.size);
      const news = sets.map((set) => {
        const fresh = set.toArray().filter((n) => reached[n] === 0);
        for (const n of fresh) reached[n] = 1;
        return fresh;
      });
      const uploads =
        input.mode === 'union'
          ? [
              {
                configId: null,
                name: plan.name,
                description: `Murmur reach plan ${plan.id}`,
                members: Uint32Array.from(news.flatMap((f) => Array.from(f))).sort(),
              },
            ]
          : steps.map((step, k) => ({
              configId: step.configId ?? null,
              name: `${plan.name} · ${k + 1}. ${step.name ?? ''}`,
              description: `Murmur reach plan ${plan.id}, step ${k + 1} without the earlier steps`,
              members: news[k]!,
            }));
      const nonEmpty = uploads.filter((u) => u.members.length > 0);
      const pushed = await deps.uploadSets(
        user,
        { team: input.team, account_id: input.account_id, plan_id: plan.id },
        nonEmpty.map((u) => ({ name: u.name, description: u.description, members: u.members })),
      );
      return {
        custom_audiences: pushed.map((p, k) => ({
          uploaded_audience_id: p.uploadId,
          custom_audience_id: p.customAudienceId,
          name: p.name,
          audience_config_id: nonEmpty[k]!.configId,
          uploaded_count: p.uploadedCount,
        })),
      };
    },
  };
}
