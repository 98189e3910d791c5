import type { Clock } from '../../lib/clock';
import type { AccountAnalyses } from './account-analyses';
import type { DeepThoughtRepository, DtAccountRow } from './deepthought.repository';
import { DAY_MS } from './follow-job';
import { SPAM_THRESHOLD } from './spam';
import type { TalkFacts } from './talk';

/** The figures Talk to X may answer with, read from one account's synced copy. */
export function talkFacts(
  deps: { repo: DeepThoughtRepository; clock: Clock; analyses: AccountAnalyses },
  account: DtAccountRow,
  timeZone: string,
): TalkFacts {
  const { repo, clock, analyses } = deps;
  return {
    async changes(days) {
      const until = new Date(clock.now().getTime() + 1000);
      const c = await analyses.changesOf(account, new Date(until.getTime() - days * DAY_MS), until);
      return {
        unfollowers: c.unfollowers.map((u) => u.user.username),
        newFollowers: c.new_followers.map((u) => u.user.username),
        syncs: c.syncs,
      };
    },
    async bestTime() {
      const t = await analyses.bestTimeOf(account, timeZone);
      return { bestHours: t.best_hours, bestWeekday: t.best_weekday, basis: t.basis, timeZone };
    },
    engagers: async () =>
      (await analyses.engagersOf(account.id)).map((e) => ({ username: e.user.username, total: e.total })),
    stats: () => analyses.statsOf(account),
    async spam() {
      const s = await repo.connections(account.id, 'follower', {
        offset: 0,
        limit: 5,
        order: '-spam',
        spam: { min: SPAM_THRESHOLD },
      });
      return {
        spamFollowers: s.count,
        followers: (await repo.openIds(account.id, 'follower')).length,
        examples: s.rows.map((u) => u.username),
      };
    },
    topics: async () => (await analyses.topicsFor(account, 'posts')).results,
    async payout() {
      const p = await analyses.payoutOf(account);
      return {
        predicted: p.predicted_usd,
        low: p.low_usd,
        high: p.high_usd,
        impressions: p.impressions_30d,
        eligible: p.eligible,
      };
    },
    async topPost() {
      const top = [...(await repo.posts(account.id))].sort(
        (a, b) => b.likeCount + b.retweetCount - (a.likeCount + a.retweetCount),
      )[0];
      return top && { id: top.postId, text: top.text, likes: top.likeCount, reposts: top.retweetCount };
    },
  };
}
