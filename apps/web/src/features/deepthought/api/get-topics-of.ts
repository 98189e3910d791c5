import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';
import { getDtFollowingTopics } from './get-following-topics';
import { getDtTopics } from './get-topics';

/** The topics of the account's posts or of its followings, one screen for both. */
export const useDtTopics = (of: 'posts' | 'following') =>
  useDtData(
    dataQuery(['topics', of], (signal) =>
      of === 'posts' ? getDtTopics(signal) : getDtFollowingTopics(signal),
    ),
  );
