import type { XV2User } from '../../integrations/x';

/**
 * Spam and fake-follower score of an X user, from what X's API v2 shows of them (no private signal):
 * a sum of the tell-tales below, clipped to 0–1, each with the reason a person reads. Measured
 * against the sandbox's ground truth by `npm run bench:spam` (bench/spam/, targets precision ≥ 0.9
 * and recall ≥ 0.8 at SPAM_THRESHOLD).
 */
export const SPAM_THRESHOLD = 0.6;

export interface SpamVerdict {
  score: number;
  reasons: string[];
}

const DAY_MS = 86_400_000;
/** X's default handle style: a first name and eight digits. */
const GENERATED_HANDLE = /^[A-Za-z]{1,12}\d{8}$/;
const LINK = /https?:\/\/|\b\w+\.(ly|gg|io|co|link)\/\S*/i;

export function spamVerdict(user: XV2User, now: Date): SpamVerdict {
  const reasons: string[] = [];
  let score = 0;
  const followers = user.public_metrics?.followers_count ?? 0;
  const following = user.public_metrics?.following_count ?? 0;
  const posts = user.public_metrics?.tweet_count ?? 0;
  const created = user.created_at ? Date.parse(user.created_at) : NaN;
  const ageDays = Number.isNaN(created) ? undefined : Math.max(0, (now.getTime() - created) / DAY_MS);

  if (ageDays !== undefined && ageDays < 180) {
    score += ageDays < 60 ? 0.4 : 0.3;
    reasons.push(`Account is ${Math.floor(ageDays)} days old`);
  }
  if (GENERATED_HANDLE.test(user.username)) {
    score += 0.35;
    reasons.push('Handle looks auto-generated (name and 8 digits)');
  }
  const ratio = following / (followers + 1);
  if (following >= 20 && ratio >= 5) {
    score += 0.3;
    reasons.push(`Follows ${following} accounts but has ${followers} followers`);
  } else if (following >= 20 && ratio >= 2) {
    score += 0.1;
    reasons.push(`Follows ${Math.round(ratio)}× more accounts than follow it`);
  }
  const bio = (user.description ?? '').trim();
  if (bio === '') {
    score += 0.1;
    reasons.push('No bio');
  } else if (LINK.test(bio)) {
    score += 0.1;
    reasons.push('Bio is mostly a link');
  }
  if (followers < 5) {
    score += 0.05;
    reasons.push(`Only ${followers} followers`);
  }
  if (posts === 0) {
    score += 0.05;
    reasons.push('Has never posted');
  }
  if (user.verified) {
    score -= 0.5;
    reasons.push('Verified (lowers the score)');
  }
  return { score: Math.round(Math.min(1, Math.max(0, score)) * 100) / 100, reasons };
}

export const isSpam = (verdict: SpamVerdict): boolean => verdict.score >= SPAM_THRESHOLD;
