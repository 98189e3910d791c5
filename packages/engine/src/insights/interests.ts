import type {
  ConversationTopicsPanel,
  InterestsPanel,
  TopicAnalysisPanel,
  WordsPanel,
} from '@murmur/core/insights';
import type { InsightContext } from './context';
import { postTally, profileTally } from './field-shares';

export function interests(ctx: InsightContext): InterestsPanel {
  const { basis, top, distinctive } = profileTally(ctx);
  return { basis, interests: top('interest'), distinctive: distinctive('interest') };
}

/** Conversation topics and movies/TV the members follow (profile terms, SPEC §3). */
export function conversationTopics(ctx: InsightContext): ConversationTopicsPanel {
  const { basis, top } = profileTally(ctx);
  return { basis, topics: top('topic'), moviesTv: top('movie') };
}

/** Words in bio: the commonest bio words and the most distinctive ones (stopwords removed). */
export function bioWords(ctx: InsightContext): WordsPanel {
  const { basis, top, distinctive } = profileTally(ctx);
  const limit = ctx.options.top * 2;
  return { basis, words: top('bioWord', limit), distinctive: distinctive('bioWord', limit) };
}

/** Topic analysis: hashtags and words of the members' posts (share of members who used them). */
export function topicAnalysis(ctx: InsightContext): TopicAnalysisPanel {
  const { basis, top, distinctive } = postTally(ctx);
  const limit = ctx.options.top * 2;
  return {
    basis,
    hashtags: top('hashtag'),
    terms: top('postWord', limit),
    distinctiveTerms: distinctive('postWord', limit),
  };
}
