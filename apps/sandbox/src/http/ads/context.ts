import type { AdsPlatform } from '../../ads/platform';
import type { Authenticate } from './auth';

/** What every Ads API route module receives. */
export interface AdsContext {
  platform: AdsPlatform;
  authenticate: Authenticate;
  /** Whether a post id may be promoted (exists on the network). */
  postExists: (tweetId: string) => boolean;
}
