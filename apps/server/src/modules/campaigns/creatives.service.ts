import type { AdCreative, createAdCreativeSchema } from '@murmur/core/api';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import { assertMayChange } from '../../lib/team-rule';
import type { CampaignAccess, CampaignsDeps } from './campaign-context';
import type { Presenters } from './campaign-presenters';

export type CreativeFields = Omit<z.output<typeof createAdCreativeSchema>, 'team'>;

/** SPEC §7 ad creatives of a team: members read; admins and the creative's author change it. */
export function createCreativesService(deps: CampaignsDeps, access: CampaignAccess, present: Presenters) {
  const { repo, teams, clock } = deps;

  async function checkMedia(teamId: number, mediaId: number | null | undefined): Promise<void> {
    if (mediaId === undefined || mediaId === null) return;
    const media = await repo.findMedia(mediaId);
    if (!media || media.teamId !== teamId) throw new BadRequest({ media: ['Unknown media.'] });
  }
  async function changeable(user: UserRow, id: number) {
    const row = await repo.findCreative(id);
    if (!row) throw new NotFound();
    const membership = await access.teamMember(user, row.creative.teamId);
    assertMayChange({ userId: user.id, level: membership.level }, row.creative.createdBy);
    return row;
  }

  async function creative(user: UserRow, id: number): Promise<AdCreative> {
    const row = await repo.findCreative(id);
    if (!row) throw new NotFound();
    await access.teamMember(user, row.creative.teamId);
    return present.creative(row.creative, row.media);
  }

  return {
    async creatives(user: UserRow, teamRef: string): Promise<AdCreative[]> {
      const { team } = await teams.access(user, teamRef);
      return (await repo.creativesOf(team.id)).map((r) => present.creative(r.creative, r.media));
    },
    creative,
    async createCreative(user: UserRow, input: CreativeFields & { team: string }): Promise<AdCreative> {
      const { team } = await teams.access(user, input.team);
      await checkMedia(team.id, input.media);
      if (input.call_to_action && !input.url)
        throw new BadRequest({ url: ['A call to action needs a URL.'] });
      const row = await repo.insertCreative({
        teamId: team.id,
        createdBy: user.id,
        name: input.name,
        text: input.text,
        mediaId: input.media ?? null,
        callToAction: input.call_to_action ?? null,
        url: input.url ?? null,
        created: clock.now(),
      });
      return creative(user, row.id);
    },
    async updateCreative(user: UserRow, id: number, input: Partial<CreativeFields>): Promise<AdCreative> {
      const row = await changeable(user, id);
      if (input.media !== undefined) await checkMedia(row.creative.teamId, input.media);
      const cta = input.call_to_action !== undefined ? input.call_to_action : row.creative.callToAction;
      const url = input.url !== undefined ? input.url : row.creative.url;
      if (cta && !url) throw new BadRequest({ url: ['A call to action needs a URL.'] });
      await repo.updateCreative(id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.text !== undefined && { text: input.text }),
        ...(input.media !== undefined && { mediaId: input.media }),
        ...(input.call_to_action !== undefined && { callToAction: input.call_to_action }),
        ...(input.url !== undefined && { url: input.url }),
      });
      return creative(user, id);
    },
    async removeCreative(user: UserRow, id: number): Promise<void> {
      await changeable(user, id);
      if (await repo.creativeInUse(id))
        throw new BadRequest({ non_field_errors: ['This creative is used by an ad; delete the ad first.'] });
      await repo.deleteCreative(id);
    },
  };
}
