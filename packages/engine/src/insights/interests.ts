import type {
  ConversationTopicsPanel,
  InterestsPanel,
  TopicAnalysisPanel,
  WordsPanel,
} from '@murmur/core/insights';
import type { InsightContext } from './context';
import { postCounts, profileCounts } from './counts';
import { distinctiveShares, fieldShares } from './field-shares';

export function interests(ctx: InsightContext): InterestsPanel {
  const counts = profileCounts(ctx);
  const base = ctx.analysed.length;
  return {
    basis: ctx.sampleBasis,
    interests: fieldShares(ctx, 'interest', counts, base),
    distinctive: distinctiveShares(ctx, 'interest', counts, base),
  };
}

/** Conversation topics and movies/TV the members follow (profile terms, SPEC §3). */
export function conversationTopics(ctx: InsightContext): ConversationTopicsPanel {
  const counts = profileCounts(ctx);
  const base = ctx.analysed.length;
  return {
    basis: ctx.sampleBasis,
    topics: fieldShares(ctx, 'topic', counts, base),
    moviesTv: fieldShares(ctx, 'movie', counts, base),
  };
}

/** Words in bio: the commonest bio words and the most distinctive ones (stopwords removed). */
export function bioWords(ctx: InsightContext): WordsPanel {
  const counts = profileCounts(ctx);
  const base = ctx.analysed.length;
  const limit = ctx.options.top * 2;
  return {
    basis: ctx.sampleBasis,
    words: fieldShares(ctx, 'bioWord', counts, base, limit),
    distinctive: distinctiveShares(ctx, 'bioWord', counts, base, 0.01, limit),
  };
}

/** Topic analysis: hashtags and words of the members' posts (share of members who used them). */
export function topicAnalysis(ctx: InsightContext): TopicAnalysisPanel {
  const counts = postCounts(ctx);
  const base = ctx.analysed.length;
  return {
    basis: ctx.sampleBasis,
    hashtags: fieldShares(ctx, 'hashtag', counts, base),
    terms: fieldShares(ctx, 'postWord', counts, base, ctx.options.top * 2),
    distinctiveTerms: distinctiveShares(ctx, 'postWord', counts, base, 0.01, ctx.options.top * 2),
  };
}
