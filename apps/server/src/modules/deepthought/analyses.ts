import { CITIES, CONVERSATION_TOPICS, COUNTRIES, INTERESTS, REGIONS } from '@murmur/core/x-catalogue';

// The analyses over the synced copy: pure functions of rows, so each is tested on its own.

// ---- topics ----

const HASHTAG = /#([\p{L}\p{N}_]{2,50})/gu;

/** Topic names people write in bios and posts: X's conversation topics and interest labels. */
const TOPIC_VOCABULARY: { name: string; pattern: RegExp }[] = (() => {
  const names = new Set<string>();
  for (const topic of CONVERSATION_TOPICS) names.add(topic.name);
  for (const interest of INTERESTS) if (interest.label.length >= 4) names.add(interest.label);
  return [...names].map((name) => ({
    name,
    pattern: new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'iu'),
  }));
})();

const titleCase = (s: string) => (s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Topics of texts: hashtags (as written, first spelling wins) and vocabulary names; one count per text. */
export function topicsOf(texts: string[], limit = 30): { topic: string; count: number; share: number }[] {
  const counts = new Map<string, { topic: string; count: number }>();
  for (const text of texts) {
    const found = new Map<string, string>();
    for (const match of text.matchAll(HASHTAG)) found.set(match[1]!.toLowerCase(), titleCase(match[1]!));
    for (const { name, pattern } of TOPIC_VOCABULARY)
      if (pattern.test(text) && !found.has(name.toLowerCase().replace(/\s+/g, '')))
        found.set(name.toLowerCase().replace(/\s+/g, ''), name);
    for (const [key, topic] of found) {
      const entry = counts.get(key) ?? { topic, count: 0 };
      entry.count++;
      counts.set(key, entry);
    }
  }
  const total = Math.max(1, texts.length);
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.topic.localeCompare(b.topic))
    .slice(0, limit)
    .map((t) => ({ ...t, share: Math.round((t.count / total) * 10_000) / 10_000 }));
}

// ---- best time to post ----

/** Hour (0–23) and weekday (0 = Monday) of an instant in an IANA time zone. */
export function localHourAndDay(at: Date, timeZone: string): { hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
  const day = parts.find((p) => p.type === 'weekday')?.value ?? 'Mon';
  return { hour, weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day) };
}

/**
 * When followers are active: the hours and weekdays (in the viewer's time zone) of the sampled
 * followers' recent posts. The best hours are the three busiest; posting then meets most followers.
 */
export function bestTime(times: Date[], timeZone: string) {
  const hours = new Array<number>(24).fill(0);
  const weekdays = new Array<number>(7).fill(0);
  for (const at of times) {
    const { hour, weekday } = localHourAndDay(at, timeZone);
    hours[hour]!++;
    if (weekday >= 0) weekdays[weekday]!++;
  }
  const total = Math.max(1, times.length);
  const share = (v: number) => Math.round((v / total) * 10_000) / 10_000;
  const best_hours = hours
    .map((v, h) => [v, h] as const)
    .filter(([v]) => v > 0)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, 3)
    .map(([, h]) => h);
  const best_weekday = weekdays.reduce((best, v, d) => (v > weekdays[best]! ? d : best), 0);
  return {
    basis: times.length,
    hours: hours.map(share),
    weekdays: weekdays.map(share),
    best_hours,
    best_weekday,
  };
}

/**
 * When the account itself posts: X's hourly post counts (GET /2/tweets/counts/recent) summed by
 * hour of the day in the viewer's time zone, as shares, beside the followers' hours.
 */
export function ownPostingHours(counts: { start: Date; posts: number }[], timeZone: string) {
  const hours = new Array<number>(24).fill(0);
  let total = 0;
  for (const c of counts) {
    if (c.posts <= 0) continue;
    hours[localHourAndDay(c.start, timeZone).hour]! += c.posts;
    total += c.posts;
  }
  return {
    own_posts_7d: total,
    own_hours: hours.map((v) => Math.round((v / Math.max(1, total)) * 10_000) / 10_000),
  };
}

// ---- payout prediction ----

/** The creator revenue model's constants (X does not publish its formula; these are the assumptions). */
export const PAYOUT_MODEL = {
  /** Share of impressions that are verified (Premium) users' replies-section views that X pays for. */
  verifiedImpressionShare: 0.25,
  /** Revenue per 1 000 eligible impressions, USD. */
  rpmUsd: 0.1,
  /** Engagement bonus: each point of engagement rate above 1 % adds this share, capped at +50 %. */
  engagementBonusPerPoint: 0.1,
  /** Eligibility: 5M impressions in 3 months (≈ 1.67M in 30 days) and 500 verified followers. */
  minImpressions30d: 1_666_667,
  minVerifiedFollowers: 500,
  /** Uncertainty band around the estimate. */
  band: 0.35,
};

export function payoutPrediction(input: {
  posts: {
    createdAt: Date;
    impressionCount: number;
    likeCount: number;
    retweetCount: number;
    replyCount: number;
    quoteCount: number;
  }[];
  verifiedFollowers: number;
  reference: Date;
}) {
  const since = input.reference.getTime() - 30 * 86_400_000;
  const recent = input.posts.filter((p) => p.createdAt.getTime() >= since);
  const impressions = recent.reduce((s, p) => s + p.impressionCount, 0);
  const engagements = recent.reduce(
    (s, p) => s + p.likeCount + p.retweetCount + p.replyCount + p.quoteCount,
    0,
  );
  const rate = impressions > 0 ? engagements / impressions : 0;
  const m = PAYOUT_MODEL;
  const bonus = Math.min(0.5, Math.max(0, (rate * 100 - 1) * m.engagementBonusPerPoint));
  const predicted = ((impressions * m.verifiedImpressionShare) / 1000) * m.rpmUsd * (1 + bonus);
  const eligible = impressions >= m.minImpressions30d && input.verifiedFollowers >= m.minVerifiedFollowers;
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    posts: recent.length,
    impressions_30d: impressions,
    engagements_30d: engagements,
    engagement_rate: Math.round(rate * 10_000) / 10_000,
    verified_followers: input.verifiedFollowers,
    eligible,
    predicted_usd: round(predicted),
    low_usd: round(predicted * (1 - m.band)),
    high_usd: round(predicted * (1 + m.band)),
    parameters: {
      verified_impression_share: m.verifiedImpressionShare,
      rpm_usd: m.rpmUsd,
      engagement_bonus_per_point: m.engagementBonusPerPoint,
      max_engagement_bonus: 0.5,
      min_impressions_30d: m.minImpressions30d,
      min_verified_followers: m.minVerifiedFollowers,
      band: m.band,
    },
    model:
      'payout = impressions in the last 30 days × share from verified users ÷ 1000 × RPM × (1 + engagement bonus)',
    assumptions: [
      `${m.verifiedImpressionShare * 100} % of impressions come from verified users, the only ones X pays for`,
      `RPM (revenue per 1 000 paid impressions) of $${m.rpmUsd.toFixed(2)}`,
      `Engagement bonus of ${m.engagementBonusPerPoint * 100} % per point of engagement rate above 1 %, at most 50 %`,
      `Eligible with ${m.minImpressions30d.toLocaleString('en')} impressions in 30 days (5M in 3 months) and ${m.minVerifiedFollowers} verified followers`,
      `Range ±${m.band * 100} %; the last 30 days repeat`,
    ],
  };
}

// ---- countries (xstats) ----

interface Place {
  code: string;
  name: string;
}

const normalise = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/📍|🌍|☁️/gu, '')
    .trim();

/** A gazetteer of place names (cities, regions, countries; English and local) to a country. */
const GAZETTEER: Map<string, Place> = (() => {
  const map = new Map<string, Place>();
  const add = (name: string, country: number) => {
    const c = COUNTRIES[country];
    if (!c || name.trim() === '') return;
    const key = normalise(name);
    if (!map.has(key)) map.set(key, { code: c.code, name: c.name });
  };
  for (const c of COUNTRIES) {
    add(c.name, c.index);
    add(c.localName, c.index);
  }
  for (const r of REGIONS) {
    add(r.name, r.country);
    add(r.localName, r.country);
  }
  for (const city of CITIES) {
    add(city.name, city.country);
    add(city.localName, city.country);
  }
  return map;
})();

export const countryName = (code: string): string => COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** The country of a free-text profile location: the last part that names a known place. */
export function countryOfLocation(location: string): Place | undefined {
  const parts = location
    .split(/[,、，/|·]/)
    .map(normalise)
    .filter(Boolean);
  for (let i = parts.length - 1; i >= 0; i--) {
    const place = GAZETTEER.get(parts[i]!);
    if (place) return place;
  }
  return GAZETTEER.get(normalise(location));
}
