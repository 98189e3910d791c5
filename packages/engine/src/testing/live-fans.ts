// Live events that give a lookalike over a live model's network something to say (live-lookalike
// tests): accounts born live that follow the same accounts, so that a seed of them is told apart
// by its follows and samples are said to follow two accounts together.
import type { LiveEvent } from '@murmur/core/live';
import { postEvent, user } from './live-model';

/**
 * 20 accounts born live (ids 80000…) that follow accounts 1001 and 1002 of baseModel's export and
 * the first of them: the first 14 post with #jazz (a seed of `hashtags: jazz` holds them), the other
 * 6 do not (candidates that resemble the seed).
 */
export function lookalikeFans(rand: () => number): LiveEvent[] {
  const out: LiveEvent[] = [];
  for (let i = 0; i < 20; i++) {
    const fan = user(String(80_000 + i), rand);
    out.push({ type: 'user', key: `user:${fan.id}`, at: i, user: fan });
    if (i < 14) {
      const e = postEvent(String(90_000 + i), fan.id, rand, null) as Extract<LiveEvent, { type: 'post' }>;
      out.push({ ...e, post: { ...e.post, hashtags: ['Jazz'] } });
    }
    for (const to of ['1001', '1002', '80000'])
      out.push({ type: 'follow', key: `fan:${fan.id}:${to}`, at: i, from: fan.id, to });
  }
  return out;
}
