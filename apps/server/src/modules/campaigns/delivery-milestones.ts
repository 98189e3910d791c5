import type { CampaignRow, CampaignsRepository } from './campaigns.repository';

/** Impressions (X's) at which a campaign's delivery is announced to its team's webhooks. */
export const IMPRESSION_MILESTONES = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000] as const;

/** A campaign whose delivery, as X's stats report it, has reached a milestone. */
export interface DeliveryMilestone {
  teamId: number;
  campaignId: number;
  name: string;
  /** The milestone reached (one of IMPRESSION_MILESTONES). */
  milestone: number;
  /** X's impressions of the campaign so far, as stored by the sync. */
  impressions: number;
}

/** The largest milestone `impressions` has reached; 0 before the first. */
export const milestoneOf = (impressions: number): number =>
  IMPRESSION_MILESTONES.filter((m) => impressions >= m).at(-1) ?? 0;

/**
 * After a delivery sync: the largest milestone the stored delivery has reached, announced once —
 * when it is above the campaign's recorded one (several milestones crossed in one sync announce the
 * largest). The claim is a conditional update, so concurrent syncs announce it once.
 */
export async function announceMilestone(
  deps: {
    repo: Pick<CampaignsRepository, 'dailyStats' | 'claimMilestone'>;
    onMilestone?: ((milestone: DeliveryMilestone) => void) | undefined;
  },
  c: CampaignRow,
): Promise<void> {
  if (!deps.onMilestone) return;
  const impressions = (await deps.repo.dailyStats(c.id)).reduce((sum, d) => sum + d.impressions, 0);
  const milestone = milestoneOf(impressions);
  if (milestone <= c.impressionsMilestone || !(await deps.repo.claimMilestone(c.id, milestone))) return;
  deps.onMilestone({ teamId: c.teamId, campaignId: c.id, name: c.name, milestone, impressions });
}
