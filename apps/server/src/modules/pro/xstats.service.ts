import { populationEstimate } from '@murmur/core/sampling';
import type { Xstats } from '@murmur/core/api';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { accountSetFromShared, type AccountSet, type AudienceEngine, type Share } from '@murmur/engine';
import type { EngineHolder } from '../../engine/engine-holder';
import type { SentCommunities } from '../../engine/engine-tasks';
import { NotFound } from '../../errors';

export type XstatsService = ReturnType<typeof createXstatsService>;

const TOP = 10;
/** How many countries the picker lists (most accounts first). */
const COUNTRIES = 60;

const shares = (list: Share[], limit = TOP) =>
  list.slice(0, limit).map((s) => ({ key: s.key, label: s.label, share: s.share }));

/**
 * xstats (SPEC §2 /xstats/:country?): usage figures of the network, per country or for all of it —
 * accounts, languages, gender, ages, the most over-represented interests and the growth of posting
 * (latest simulated week against the one before), all from the engine. Figures are computed once
 * per engine and country (the network does not change under a built engine).
 */
export function createXstatsService(deps: { engine: EngineHolder }) {
  const { engine: holder } = deps;
  let cache: { engine: AudienceEngine; byCountry: Map<string, Promise<Xstats>> } | undefined;
  let communities: { engine: AudienceEngine; network: Promise<SentCommunities> } | undefined;

  const networkOf = (engine: AudienceEngine) => {
    if (communities?.engine !== engine) {
      const network = holder.work().run('networkCommunities', null);
      communities = { engine, network };
      network.catch(() => {
        if (communities?.network === network) communities = undefined;
      });
    }
    return communities.network;
  };

  /**
   * Weekly posts of `members`: each community's posts weighted by the share of its members among
   * them (the communities keep weekly post counts; a member set does not).
   */
  async function weeklyPosts(engine: AudienceEngine, members: AccountSet | null) {
    const network = await networkOf(engine);
    if (members === null) return network.posts;
    let latest = 0;
    let previous = 0;
    for (const c of network.communities) {
      const set = accountSetFromShared(c.members);
      const size = set.count;
      if (size === 0) continue;
      const part = engine.overlap(members, set) / size;
      latest += c.posts.latest * part;
      previous += c.posts.previous * part;
    }
    return { latest: Math.round(latest), previous: Math.round(previous) };
  }

  async function compute(engine: AudienceEngine, country: string | null): Promise<Xstats> {
    const everyone = engine.explore.everyone();
    const audience =
      country === null
        ? everyone
        : engine.evaluate(targetingPackageSchema.parse({ countries: [{ label: country, id: country }] }))
            .accounts;
    if (audience.count === 0) throw new NotFound('No accounts in this country.');
    const panels = engine.explore.panels(audience, ['summary', 'demographics', 'interests']);
    const all = engine.explore.panels(everyone, ['demographics']).demographics;
    const posts = await weeklyPosts(engine, country === null ? null : audience);
    return {
      country,
      accounts: Math.round(audience.count * engine.scale),
      accounts_figure: populationEstimate(audience.count, { sampleSize: everyone.count, rate: engine.scale }),
      share_of_network: everyone.count === 0 ? 0 : audience.count / everyone.count,
      verified_share: panels.summary.verifiedShare,
      median_followers: Math.round(panels.summary.medianFollowers),
      languages: shares(panels.demographics.languages),
      gender: shares(panels.demographics.gender),
      age_bands: shares(panels.demographics.ageBands, 20),
      top_interests: panels.interests.distinctive
        .slice(0, TOP)
        .map((s) => ({ key: s.key, label: s.label, share: s.share, affinity: s.affinity })),
      growth: {
        latest_week_posts: posts.latest,
        previous_week_posts: posts.previous,
        change: posts.previous === 0 ? null : posts.latest / posts.previous - 1,
      },
      countries: all.countries.slice(0, COUNTRIES).map((s) => {
        // The country's sampled accounts, scaled: an estimate with its interval, like the headline's.
        const figure = populationEstimate(Math.round(s.share * everyone.count), {
          sampleSize: everyone.count,
          rate: engine.scale,
        });
        return { code: s.key, accounts: figure.value, accounts_figure: figure };
      }),
    };
  }

  return {
    get(country: string | undefined): Promise<Xstats> {
      const engine = holder.get();
      if (cache?.engine !== engine) cache = { engine, byCountry: new Map() };
      const key = country ?? '';
      let found = cache.byCountry.get(key);
      if (!found) {
        found = compute(engine, country ?? null);
        const byCountry = cache.byCountry;
        byCountry.set(key, found);
        found.catch(() => byCountry.delete(key));
      }
      return found;
    },
  };
}
