import type { CompetitorAnalysisResult } from '@murmur/core/api';
import { populationEstimate, type EstimateFigure } from '@murmur/core/sampling';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { toSharedAccountSet, type AudienceEngine, type InterestsPanel } from '@murmur/engine';
import type { EngineHolder } from '../../engine/engine-holder';
import { BadRequest, NotFound } from '../../errors';
import type { JobCaller, JobQueue, JobView } from '../../jobs/jobs';
import { digest, requireNonEmpty, samplingOf, toEstimate } from '../../engine/engine-audience';
import type { SearchCounter } from '../../lib/search-counter';
import { accountOf, interestItems } from './explore.service';
import { EMPTY_ESTIMATE, presentAccount, presentAccounts } from '../../engine/present-account';
import { sentimentOf } from './sentiment/sentiment';

export type AnalysisService = ReturnType<typeof createAnalysisService>;

/** Topic posts: sentiment totals are counted over at most this many matching posts. */
const SENTIMENT_SCAN = 500;
/** Description analysis reads at most this many distinct words of the text. */
const DESCRIPTION_WORDS = 100;

const handlePackage = (handle: string) => targetingPackageSchema.parse({ handles: [{ handle }] });

/** The interests of a panel with affinity > 1, as catalogue items with their affinity. */
function topInterests(engine: AudienceEngine, panel: InterestsPanel, limit: number) {
  const items = interestItems(engine);
  return panel.distinctive
    .filter((s) => (s.affinity ?? 0) > 1)
    .slice(0, limit)
    .flatMap((s) => {
      const item = items.get(s.key);
      return item ? [{ ...item, affinity: s.affinity ?? 0 }] : [];
    });
}

/**
 * The description's words that occur in bios (in the order written), the interests it names or
 * that people with those words lean to, and the estimate of keywords + named interests.
 */
async function analyseDescription(holder: EngineHolder, description: string) {
  const engine = holder.get();
  const work = holder.work();
  const words = engine.words(description).slice(0, DESCRIPTION_WORDS);
  const keywords = words.filter((w) => engine.explore.textMatches([w], 'bio').count > 0).slice(0, 10);
  const items = interestItems(engine);
  const said = new Set(words);
  const named = [...items.values()].filter((item) => {
    const sub = engine.words(item.label.split('/').at(-1) ?? '');
    return sub.length > 0 && sub.every((t) => said.has(t));
  });
  const bios = engine.explore.textMatches(keywords, 'bio');
  // The interests panel samples up to 50 000 members: on an engine worker thread.
  const leaning =
    bios.count > 0
      ? topInterests(
          engine,
          (
            await work.run('panels', {
              audience: { members: toSharedAccountSet(bios) },
              names: ['interests'],
            })
          ).interests!,
          5,
        )
      : [];
  const interests = [...new Map([...named, ...leaning].map((i) => [i.value, i])).values()]
    .slice(0, 10)
    .map(({ value, label, category, size }) => ({ value, label, category, size }));
  const pkg = targetingPackageSchema.parse({
    keywords: keywords.map((label) => ({ label })),
    interests: named.map((i) => ({ label: i.label, id: i.value })),
  });
  const estimate =
    keywords.length + named.length > 0
      ? toEstimate(engine.estimate(pkg), engine.stats.accounts, engine.scale)
      : EMPTY_ESTIMATE;
  return { keywords, interests, estimate };
}

/**
 * The analysis tools (docs/API-AUDIENCES.md): one account, a free-text description, the posts about a
 * topic with their sentiment, and the long ones run as jobs (insights of a package, competitors).
 */
export function createAnalysisService(deps: {
  engine: EngineHolder;
  jobs: JobQueue;
  searches: SearchCounter;
}) {
  const { engine: holder, jobs, searches } = deps;

  return {
    /** The account, its followers' estimate and panels (on an engine worker thread), its activity. */
    async handleAnalysis(handle: string) {
      const engine = holder.get();
      const work = holder.work();
      const { account, handle: canonical } = accountOf(engine, handle);
      searches.recordHandle(canonical);
      const pkg = handlePackage(canonical);
      const followers = engine.estimate(pkg);
      const panels = await work.run('panels', { audience: { pkg }, names: ['demographics', 'interests'] });
      const activity = engine.explore.accountActivity(account);
      return {
        account: presentAccounts(engine, [account])[0]!,
        followers: toEstimate(followers, engine.stats.accounts, engine.scale),
        demographics: panels.demographics!,
        interests: panels.interests!,
        top_hashtags: activity.hashtags,
        posting_hours: activity.postingHours,
      };
    },

    /** See analyseDescription. */
    descriptionAnalysis: (description: string) => analyseDescription(holder, description),

    /** Most engaged posts about the keywords, each with its lexicon sentiment, and the totals. */
    topicPosts(input: { keywords: string[]; language?: 'en' | 'ja' | undefined; limit: number }) {
      const engine = holder.get();
      input.keywords.forEach((k) => searches.recordText(k));
      const authors = engine.explore.textMatches(input.keywords, 'posts');
      const found = engine.explore.topicPosts(input.keywords, authors, {
        limit: SENTIMENT_SCAN,
        ...(input.language && { language: input.language }),
      });
      const sentiment = { positive: 0, neutral: 0, negative: 0 };
      const scored = found.map((post) => {
        const s = sentimentOf(post.text);
        sentiment[s.sentiment]++;
        return { post, ...s };
      });
      const authorsShown = engine.explore.profiles(
        scored.slice(0, input.limit).map((s) => s.post.author.account),
      );
      const posts = scored.slice(0, input.limit).map(({ post, sentiment: label, score }, i) => ({
        id: post.id,
        text: post.text,
        author: presentAccount(authorsShown[i]!),
        created: post.at,
        likes: post.likes,
        reposts: post.reposts,
        sentiment: label,
        score,
      }));
      return { posts, sentiment };
    },

    /** Every insights panel of the package's audience, as a job (same result as audience-configs/insights). */
    generateInsights(pkg: TargetingPackage, caller: JobCaller): Promise<JobView> {
      requireNonEmpty(pkg);
      holder.get();
      return jobs.start({
        kind: 'generate-insights',
        key: `generate-insights:public:${digest(pkg)}`,
        caller,
        // On an engine worker thread (engine/engine-work.ts): the event loop stays free meanwhile.
        work: async (report, signal) => {
          const run = await holder.work().run('insights', { pkg }, { report, signal });
          return {
            ...run.insights,
            estimate: toEstimate(run.estimate, samplingOf(holder).sampleSize, samplingOf(holder).scale),
          };
        },
      });
    },

    /** SPEC §7: up to 12 handles side by side, with the followers each pair shares. */
    competitorAnalysis(handles: string[], caller: JobCaller): Promise<JobView> {
      const engine = holder.get();
      const unknown: string[] = [];
      const found = new Map<number, string>();
      for (const handle of handles) {
        try {
          const { account, handle: canonical } = accountOf(engine, handle);
          found.set(account, canonical);
        } catch (error) {
          if (!(error instanceof NotFound)) throw error;
          unknown.push(`@${handle}`);
        }
      }
      if (unknown.length > 0) throw new BadRequest({ handles: [`Unknown handles: ${unknown.join(', ')}.`] });
      const accounts = [...found];
      return jobs.start({
        kind: 'competitor-analysis',
        key: `competitor-analysis:public:${digest(accounts.map(([, h]) => h.toLowerCase()).sort())}`,
        caller,
        work: async (report, signal): Promise<CompetitorAnalysisResult> => {
          const e = holder.get();
          const handlesFound = accounts.map(([, handle]) => handle);
          const figures = await holder
            .work()
            .run('competitors', { handles: handlesFound }, { report, signal });
          const competitors = accounts.map(([account, handle], i) => {
            const f = figures[i]!;
            const overlap: Record<string, number> = {};
            const overlapFigures: Record<string, EstimateFigure> = {};
            handlesFound.forEach((other, j) => {
              if (j === i) return;
              // The shared followers counted in the sample: an estimate with its interval, like the followers.
              const figure = populationEstimate(f.shared[j]!, {
                sampleSize: e.stats.accounts,
                rate: e.scale,
              });
              overlap[other] = figure.value;
              overlapFigures[other] = figure;
            });
            return {
              handle,
              account: presentAccounts(e, [account])[0]!,
              followers: toEstimate(f.followers, e.stats.accounts, e.scale),
              demographics: f.demographics,
              top_interests: topInterests(e, f.interests, 10),
              overlap,
              overlap_figures: overlapFigures,
            };
          });
          return { competitors };
        },
      });
    },
  };
}
