import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';
import { getDtFollowers, type UsersQuery } from './get-followers';
import { getDtFollowing } from './get-following';

/** Followers or followings, one screen for both (GET …/followers/ or …/following/). */
export const useDtConnections = (direction: 'followers' | 'following', query: UsersQuery) =>
  useDtData(
    dataQuery([direction, query], (signal) =>
      direction === 'followers' ? getDtFollowers(query, signal) : getDtFollowing(query, signal),
    ),
  );
