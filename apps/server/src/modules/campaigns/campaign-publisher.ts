import type { TargetingPackage } from '@murmur/core/targeting';
import type { EntityState, SentCriterion } from '../../db/schema';
import { BadRequest, ServiceUnavailable, TooManyRequests } from '../../errors';
import { XError, type XUserTokens } from '../../integrations/x';
import type { CampaignRow } from './campaigns.repository';
import { grantorTokensOf, xCall, type CampaignsDeps } from './campaign-context';
import { MICRO, num } from './campaign-presenters';
import { plannedCriteria, xPlacements } from './targeting-criteria';

/** X takes schedule times on the hour: a start or end is rounded up to the next hour. */
const xTime = (d: Date | null) =>
  d ? new Date(Math.ceil(d.getTime() / 3_600_000) * 3_600_000).toISOString() : undefined;
/** SPEC §3 names yen YEN; X names it JPY. */
const xCurrency = (cur: string) => (cur === 'YEN' ? 'JPY' : cur);

/**
 * Publishing a draft to X's Ads API and changing a published campaign's status there.
 */
export function createCampaignPublisher(deps: CampaignsDeps) {
  const { repo, ads, clock } = deps;
  const grantorTokens = grantorTokensOf(deps);

  /**
   * The packages' criteria with catalogue labels resolved to X's targeting values. One catalogue
   * search per distinct label over all the ad sets (two ad sets targeting Japanese ask X once).
   */
  async function resolveCriteria(
    tokens: XUserTokens,
    packages: readonly TargetingPackage[],
  ): Promise<SentCriterion[][]> {
    const searches = new Map<string, ReturnType<typeof ads.searchCatalogue>>();
    const fold = (s: string) => s.trim().toLowerCase();
    const out: SentCriterion[][] = [];
    for (const pkg of packages) {
      const sent: SentCriterion[] = [];
      for (const c of plannedCriteria(pkg).criteria) {
        if ('targeting_value' in c) {
          sent.push({ type: c.targeting_type, value: c.targeting_value, name: c.name });
          continue;
        }
        const key = JSON.stringify([c.catalogue, fold(c.label), c.extra ?? null]);
        let search = searches.get(key);
        if (!search) {
          search = ads.searchCatalogue(tokens, c.catalogue, c.label, c.extra);
          searches.set(key, search);
        }
        const found = await search;
        const match =
          found.find((f) => fold(f.name) === fold(c.label)) ??
          found.find((f) => fold(f.name).startsWith(fold(c.label)));
        if (!match)
          throw new XError(
            `X has no ${c.targeting_type.toLowerCase().replace(/_/g, ' ')} named "${c.label}".`,
            400,
          );
        sent.push({ type: c.targeting_type, value: match.targeting_value, name: match.name });
      }
      out.push(sent);
    }
    return out;
  }

  /**
   * Publishes a draft: the campaign (paused while it is built), one line item per ad set with the
   * targeting criteria of its audience, one promoted-only post per ad, then the campaign goes
   * ACTIVE. A failure midway deletes the X campaign (with its line items), the posts and the images
   * it made, and says so.
   */
  async function publish(c: CampaignRow): Promise<void> {
    const adsets = await repo.adsetsOf(c.id);
    if (adsets.length === 0)
      throw new BadRequest({ non_field_errors: ['Add at least one ad set before publishing.'] });
    const allAds = await repo.adsOf(adsets.map((a) => a.adset.id));
    const empty = adsets.find((a) => !allAds.some((ad) => ad.ad.adsetId === a.adset.id));
    if (empty) throw new BadRequest({ non_field_errors: [`The ad set "${empty.adset.name}" has no ads.`] });
    const packages = new Map<number, TargetingPackage>();
    for (const a of adsets) {
      const pkg = a.audiencePackage ?? a.adset.targetingPackage;
      if (!pkg)
        throw new BadRequest({
          non_field_errors: [`The audience of the ad set "${a.adset.name}" no longer exists.`],
        });
      packages.set(a.adset.id, pkg);
    }
    const tokens = await grantorTokens(c);
    const instruments = await xCall(() => ads.fundingInstruments(tokens, c.adAccountId));
    const instrument = instruments.find(
      (i) => !i.cancelled && (c.currency === 'Other' || i.currency === xCurrency(c.currency)),
    );
    if (!instrument) {
      const theirs = instruments[0]?.currency;
      throw new BadRequest({
        currency: [
          theirs
            ? `The ad account pays in ${theirs}; set the campaign's currency to ${theirs === 'JPY' ? 'YEN' : theirs}.`
            : 'The ad account has no funding instrument on X.',
        ],
      });
    }
    const lifetime = num(c.lifetimeBudget);
    const daily = num(c.dailyBudget) ?? lifetime ?? 0;
    let xCampaignId: string | undefined;
    const done: {
      adsetId: number;
      lineItemId: string;
      targeting: SentCriterion[];
      ads: { id: number; tweet: string; promoted: string }[];
    }[] = [];
    const mediaAdded = mediaLibrary(deps, tokens, c.adAccountId);
    /** The promoted-only posts this publish made, deleted again on a rollback. */
    const posts: string[] = [];
    try {
      const created = await ads.createCampaign(tokens, c.adAccountId, {
        name: c.name,
        funding_instrument_id: instrument.id,
        daily_budget_amount_local_micro: Math.round(daily * MICRO),
        ...(lifetime !== null && { total_budget_amount_local_micro: Math.round(lifetime * MICRO) }),
        ...(c.start && { start_time: xTime(c.start) }),
        ...(c.end && { end_time: xTime(c.end) }),
        entity_status: 'PAUSED',
      });
      xCampaignId = created.id;
      const targetings = await resolveCriteria(
        tokens,
        adsets.map((a) => packages.get(a.adset.id)!),
      );
      for (const [i, a] of adsets.entries()) {
        const li = await ads.createLineItem(tokens, c.adAccountId, {
          campaign_id: created.id,
          name: a.adset.name,
          objective: c.objective,
          product_type: 'PROMOTED_TWEETS',
          placements: xPlacements(a.adset.placements).join(','),
          bid_strategy: 'AUTO',
          entity_status: 'ACTIVE',
        });
        const targeting = targetings[i]!;
        for (const t of targeting)
          await ads.createTargeting(tokens, c.adAccountId, li.id, {
            targeting_type: t.type,
            targeting_value: t.value,
          });
        const published: (typeof done)[number]['ads'] = [];
        for (const ad of allAds.filter((x) => x.ad.adsetId === a.adset.id)) {
          const mediaKeys: string[] = [];
          if (ad.media) mediaKeys.push(await mediaAdded.keyOf(ad.media));
          const text = ad.creative.url
            ? `${ad.creative.text}\n${ad.creative.url}`.slice(0, 280)
            : ad.creative.text;
          const post = await ads.createPost(tokens, c.adAccountId, { text, media_keys: mediaKeys });
          posts.push(post.id);
          const promoted = await ads.promote(tokens, c.adAccountId, li.id, post.id);
          published.push({ id: ad.ad.id, tweet: post.id, promoted: promoted.id });
        }
        done.push({ adsetId: a.adset.id, lineItemId: li.id, targeting, ads: published });
      }
      await ads.updateCampaign(tokens, c.adAccountId, created.id, { entity_status: 'ACTIVE' });
    } catch (error) {
      const said = error instanceof XError ? error.message : 'X could not be reached.';
      // X's own messages may end without a full stop ("…already in the media library").
      const reason = /[.!?。]$/.test(said) ? said : `${said}.`;
      const rolledBack = await undo(deps, tokens, c.adAccountId, { xCampaignId, posts, media: mediaAdded });
      const message = rolledBack
        ? `Publishing failed: ${reason} Nothing was left on X; the campaign is still a draft.`
        : `Publishing failed: ${reason} The campaign ${xCampaignId} created on X could not be removed; delete it in X Ads Manager.`;
      await repo.updateCampaign(c.id, { xError: message, modified: clock.now() });
      if (error instanceof XError && error.status === 429) throw new TooManyRequests(message, 60);
      if (error instanceof XError && (error.status === 0 || error.status >= 500))
        throw new ServiceUnavailable(message);
      throw new BadRequest({ non_field_errors: [message] });
    }
    for (const d of done) {
      await repo.updateAdset(d.adsetId, {
        state: 'active',
        xLineItemId: d.lineItemId,
        targeting: d.targeting,
        targetingPackage: packages.get(d.adsetId)!,
      });
      for (const ad of d.ads)
        await repo.updateAd(ad.id, { state: 'active', xTweetId: ad.tweet, xPromotedTweetId: ad.promoted });
    }
    await repo.updateCampaign(c.id, { state: 'active', xCampaignId, xError: null, modified: clock.now() });
  }

  const publishOnce = oneAtATime(async (id: number) => {
    // Read again: a publish that ended a moment ago left it published.
    const fresh = await repo.findCampaign(id);
    if (fresh?.campaign.state === 'draft') await publish(fresh.campaign);
  });

  /** Active publishes a draft; on a published campaign, Active/Paused resume or pause it on X. */
  async function setStatus(c: CampaignRow, status: 'Active' | 'Paused'): Promise<void> {
    if (c.state === 'draft') {
      if (status === 'Active') await publishOnce(c.id);
      return;
    }
    const state: EntityState = status === 'Active' ? 'active' : 'paused';
    if (c.state === state) return;
    const tokens = await grantorTokens(c);
    await xCall(() =>
      ads.updateCampaign(tokens, c.adAccountId, c.xCampaignId!, {
        entity_status: status === 'Active' ? 'ACTIVE' : 'PAUSED',
      }),
    );
    await repo.updateCampaign(c.id, { state, xError: null, modified: clock.now() });
  }

  return { publish, setStatus };
}

/**
 * One run per campaign at a time: a second Publish while one runs (a double press, a request the
 * browser sent again) waits for that run instead of making a second campaign with the same ads on X.
 */
function oneAtATime(run: (id: number) => Promise<void>): (id: number) => Promise<void> {
  const running = new Map<number, Promise<void>>();
  return (id) => {
    const under = running.get(id);
    if (under) return under;
    const started = run(id).finally(() => running.delete(id));
    running.set(id, started);
    return started;
  };
}

/**
 * A failed publish's rollback: the X campaign (with its line items), then the posts it made (no
 * longer promoted), then the images it added. False when something could not be removed.
 */
async function undo(
  deps: CampaignsDeps,
  tokens: XUserTokens,
  accountId: string,
  made: { xCampaignId: string | undefined; posts: string[]; media: { removeAll(): Promise<boolean> } },
): Promise<boolean> {
  let all = true;
  if (made.xCampaignId !== undefined)
    await deps.ads.deleteCampaign(tokens, accountId, made.xCampaignId).catch(() => {
      all = false;
    });
  for (const id of made.posts)
    await deps.ads.deletePost(tokens, id).catch(() => {
      all = false;
    });
  return (await made.media.removeAll()) && all;
}

type AdMediaRow = NonNullable<Awaited<ReturnType<CampaignsDeps['repo']['adsOf']>>[number]['media']>;

/**
 * The images one publish shows: each put in the ad account's media library once however many ads
 * show it (X refuses to add an image twice). An image the library already holds (an earlier
 * campaign's) is reused by its media key, and stays there on a rollback; the ones this publish
 * added are taken out again. removeAll is false when one could not be removed.
 */
function mediaLibrary(deps: CampaignsDeps, tokens: XUserTokens, accountId: string) {
  const keys = new Map<number, string>();
  const added: string[] = [];
  /** The library's item for the image, matched by the address X fetched it from, else by file name. */
  async function existing(url: string, fileName: string): Promise<string | undefined> {
    const items = (await deps.ads.findMedia(tokens, accountId, fileName)).filter((m) => m.deleted !== true);
    return (items.find((m) => m.media_url === url) ?? items.find((m) => m.file_name === fileName))?.media_key;
  }
  return {
    async keyOf(media: AdMediaRow): Promise<string> {
      const known = keys.get(media.id);
      if (known !== undefined) return known;
      const url = deps.publicMediaUrl(media);
      const fileName = media.name.slice(0, 255);
      let key: string;
      try {
        ({ media_key: key } = await deps.ads.addMedia(tokens, accountId, {
          media_url: url,
          name: fileName,
          file_name: fileName,
        }));
        added.push(key);
      } catch (error) {
        const reuse =
          error instanceof XError &&
          error.status === 400 &&
          /already in the media library/i.test(error.message)
            ? await existing(url, fileName)
            : undefined;
        if (reuse === undefined) throw error;
        key = reuse;
      }
      keys.set(media.id, key);
      return key;
    },
    async removeAll(): Promise<boolean> {
      let all = true;
      for (const key of added)
        await deps.ads.deleteMedia(tokens, accountId, key).catch(() => {
          all = false;
        });
      return all;
    },
  };
}
