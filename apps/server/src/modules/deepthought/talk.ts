// Talk to X: a deterministic question parser (English and Japanese) and answers built only from the
// synced figures. An optional OpenAI-compatible model may rephrase the answer text; the figures
// shown beside it are always the ones computed here.

export type TalkLanguage = 'en' | 'ja';
export type Intent =
  | 'unfollowers'
  | 'new_followers'
  | 'best_time'
  | 'engagers'
  | 'followers'
  | 'spam'
  | 'topics'
  | 'payout'
  | 'top_post'
  | 'help';

export interface Period {
  days: number;
  /** The period as the question named it, for the answer. */
  label: { en: string; ja: string };
}

export interface ParsedQuestion {
  intent: Intent;
  language: TalkLanguage;
  period: Period;
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

const RULES: { intent: Intent; en: RegExp; ja: RegExp }[] = [
  {
    intent: 'unfollowers',
    en: /unfollow|lost .*followers?|stopped following|left me/i,
    ja: /フォロー解除|アンフォロー|リムーブ|フォローを外|離れた/,
  },
  {
    intent: 'new_followers',
    en: /new followers?|gained|started following|followed me/i,
    ja: /新しいフォロワー|新規フォロワー|フォロワーが増え|フォローしてくれた/,
  },
  {
    intent: 'best_time',
    en: /when should i post|best time|what time|when to post/i,
    ja: /いつ投稿|投稿(する|の)?時間|ベストタイム|何時/,
  },
  { intent: 'spam', en: /spam|fake|bots?\b/i, ja: /スパム|偽|ボット|bot/i },
  {
    intent: 'engagers',
    en: /engag|who (likes|liked|reposts?|reposted)|top fans|most active/i,
    ja: /エンゲージ|いいねしてくれ|反応|ファン/,
  },
  {
    intent: 'top_post',
    en: /best post|top post|most (liked|popular)|popular post/i,
    ja: /人気の投稿|一番.*(いいね|人気)|トップ投稿|最も.*投稿/,
  },
  {
    intent: 'topics',
    en: /topics?|what do i (post|talk|write) about|hashtags?/i,
    ja: /トピック|話題|ハッシュタグ|何について/,
  },
  { intent: 'payout', en: /payout|earn|revenue|money|paid/i, ja: /収益|報酬|稼|お金|支払/ },
  {
    intent: 'followers',
    en: /how many followers|follower count|followers do i have|number of followers/i,
    ja: /フォロワー(数|は何人|の数)|何人/,
  },
];

function periodOf(question: string): Period {
  const days = /(\d{1,3})\s*(days?|日)/i.exec(question);
  if (days) {
    const n = Math.min(365, Math.max(1, Number(days[1])));
    return { days: n, label: { en: `in the last ${n} days`, ja: `過去${n}日間` } };
  }
  if (/today|今日|本日/i.test(question)) return { days: 1, label: { en: 'today', ja: '今日' } };
  if (/this month|past month|last month|今月|先月|この1か月|この一か月/i.test(question))
    return { days: 30, label: { en: 'in the last 30 days', ja: '過去30日間' } };
  if (/last week|先週/i.test(question)) return { days: 14, label: { en: 'since last week', ja: '先週から' } };
  return { days: 7, label: { en: 'this week', ja: '今週' } };
}

/** Reads a question: its language (any kana or kanji makes it Japanese), intent and period. */
export function parseQuestion(question: string): ParsedQuestion {
  const language: TalkLanguage = JAPANESE.test(question) ? 'ja' : 'en';
  const rule = RULES.find((r) => r.en.test(question) || r.ja.test(question));
  return { intent: rule?.intent ?? 'help', language, period: periodOf(question) };
}

export interface Figure {
  label: string;
  value: string | number;
}

export interface TalkAnswer {
  answer: string;
  figures: Figure[];
}

/** What the answers read; the service computes each from the synced copy. */
export interface TalkFacts {
  changes(days: number): Promise<{ unfollowers: string[]; newFollowers: string[]; syncs: number }>;
  bestTime(): Promise<{ bestHours: number[]; bestWeekday: number; basis: number; timeZone: string }>;
  engagers(): Promise<{ username: string; total: number }[]>;
  stats(): Promise<{ followers: number; following: number; posts: number }>;
  spam(): Promise<{ spamFollowers: number; followers: number; examples: string[] }>;
  topics(): Promise<{ topic: string; count: number }[]>;
  payout(): Promise<{ predicted: number; low: number; high: number; impressions: number; eligible: boolean }>;
  topPost(): Promise<{ id: string; text: string; likes: number; reposts: number } | undefined>;
}

const WEEKDAYS = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  ja: ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日', '日曜日'],
};

const names = (list: string[], max = 10) =>
  list
    .slice(0, max)
    .map((u) => `@${u}`)
    .join(', ') + (list.length > max ? ` …(+${list.length - max})` : '');

/** The answer to a parsed question, in its language, with the figures it used. */
export async function answer(q: ParsedQuestion, facts: TalkFacts): Promise<TalkAnswer> {
  const ja = q.language === 'ja';
  switch (q.intent) {
    case 'unfollowers':
    case 'new_followers':
      return changesAnswer(q, facts);
    case 'best_time':
      return bestTimeAnswer(q, facts);
    case 'engagers': {
      const list = await facts.engagers();
      const top = list.slice(0, 5);
      return {
        answer:
          top.length === 0
            ? ja
              ? 'まだエンゲージメントのデータがありません。'
              : 'No engagement has been synced yet.'
            : ja
              ? `最も反応してくれるのは ${top.map((e) => `@${e.username}（${e.total}回）`).join('、')} です。`
              : `Your top engagers are ${top.map((e) => `@${e.username} (${e.total})`).join(', ')}.`,
        figures: [
          { label: ja ? 'エンゲージした人' : 'Engagers', value: list.length },
          ...top.map((e) => ({ label: `@${e.username}`, value: e.total })),
        ],
      };
    }
    case 'followers': {
      const s = await facts.stats();
      return {
        answer: ja
          ? `フォロワーは${s.followers.toLocaleString('ja')}人、フォロー中は${s.following.toLocaleString('ja')}人です。`
          : `You have ${s.followers.toLocaleString('en')} followers and follow ${s.following.toLocaleString('en')} accounts.`,
        figures: [
          { label: ja ? 'フォロワー' : 'Followers', value: s.followers },
          { label: ja ? 'フォロー中' : 'Following', value: s.following },
          { label: ja ? '投稿' : 'Posts', value: s.posts },
        ],
      };
    }
    case 'spam': {
      const s = await facts.spam();
      const share = s.followers > 0 ? Math.round((s.spamFollowers / s.followers) * 1000) / 10 : 0;
      return {
        answer: ja
          ? `フォロワー${s.followers}人のうち${s.spamFollowers}人（${share}%）がスパムまたは偽アカウントの可能性があります。${s.examples.length > 0 ? `例：${names(s.examples, 5)}` : ''}`
          : `${s.spamFollowers} of your ${s.followers} followers (${share} %) look like spam or fake accounts.${s.examples.length > 0 ? ` For example ${names(s.examples, 5)}.` : ''}`,
        figures: [
          { label: ja ? 'スパムの可能性' : 'Likely spam', value: s.spamFollowers },
          { label: ja ? 'フォロワー' : 'Followers', value: s.followers },
          { label: '%', value: share },
        ],
      };
    }
    case 'topics': {
      const topics = (await facts.topics()).slice(0, 5);
      return {
        answer:
          topics.length === 0
            ? ja
              ? 'まだ投稿が同期されていません。'
              : 'No posts have been synced yet.'
            : ja
              ? `よく投稿している話題は ${topics.map((t) => t.topic).join('、')} です。`
              : `You post most about ${topics.map((t) => t.topic).join(', ')}.`,
        figures: topics.map((t) => ({ label: t.topic, value: t.count })),
      };
    }
    case 'payout': {
      const p = await facts.payout();
      return {
        answer: ja
          ? `予測される収益は約$${p.predicted.toFixed(2)}（$${p.low.toFixed(2)}〜$${p.high.toFixed(2)}）です。${p.eligible ? '' : '現在は収益化の条件を満たしていません。'}`
          : `Your predicted payout is about $${p.predicted.toFixed(2)} ($${p.low.toFixed(2)}–$${p.high.toFixed(2)}).${p.eligible ? '' : ' You do not meet the eligibility thresholds yet.'}`,
        figures: [
          { label: ja ? '30日間のインプレッション' : 'Impressions (30 days)', value: p.impressions },
          { label: ja ? '予測（USD）' : 'Predicted (USD)', value: p.predicted },
        ],
      };
    }
    case 'top_post': {
      const post = await facts.topPost();
      if (!post)
        return {
          answer: ja ? 'まだ投稿が同期されていません。' : 'No posts have been synced yet.',
          figures: [],
        };
      return {
        answer: ja
          ? `一番人気の投稿は「${post.text}」で、いいね${post.likes}件、リポスト${post.reposts}件です。`
          : `Your most popular post is “${post.text}” with ${post.likes} likes and ${post.reposts} reposts.`,
        figures: [
          { label: ja ? 'いいね' : 'Likes', value: post.likes },
          { label: ja ? 'リポスト' : 'Reposts', value: post.reposts },
          { label: 'ID', value: post.id },
        ],
      };
    }
    case 'help':
      return {
        answer: ja
          ? '次のような質問に答えられます：「今週フォロー解除したのは誰？」「いつ投稿すればいい？」「フォロワーは何人？」「スパムのフォロワーは？」「よく投稿している話題は？」「予測される収益は？」'
          : 'I can answer questions like: “Who unfollowed me this week?”, “When should I post?”, “How many followers do I have?”, “Which followers are spam?”, “What do I post about?”, “What is my predicted payout?”',
        figures: [],
      };
  }
}

/** Who unfollowed, or who followed, in the question's period (nothing to say before a sync in it). */
async function changesAnswer(q: ParsedQuestion, facts: TalkFacts): Promise<TalkAnswer> {
  const ja = q.language === 'ja';
  const { period } = q;
  const c = await facts.changes(period.days);
  const list = q.intent === 'unfollowers' ? c.unfollowers : c.newFollowers;
  const label =
    q.intent === 'unfollowers'
      ? ja
        ? 'フォロー解除'
        : 'Unfollowers'
      : ja
        ? '新しいフォロワー'
        : 'New followers';
  const figures: Figure[] = [
    { label, value: list.length },
    { label: ja ? '期間（日）' : 'Period (days)', value: period.days },
    { label: ja ? '期間内の同期回数' : 'Syncs in the period', value: c.syncs },
  ];
  if (c.syncs === 0)
    return {
      answer: ja
        ? `${period.label.ja}の同期がまだないため、変化はわかりません。同期してからもう一度聞いてください。`
        : `There is no sync ${period.label.en} yet, so no change can be seen. Sync, then ask again.`,
      figures,
    };
  if (list.length === 0)
    return {
      answer:
        q.intent === 'unfollowers'
          ? ja
            ? `${period.label.ja}、フォローを解除した人はいません。`
            : `Nobody unfollowed you ${period.label.en}.`
          : ja
            ? `${period.label.ja}、新しいフォロワーはいません。`
            : `You gained no new followers ${period.label.en}.`,
      figures,
    };
  return {
    answer:
      q.intent === 'unfollowers'
        ? ja
          ? `${period.label.ja}、${list.length}人がフォローを解除しました：${names(list)}`
          : `${list.length} ${list.length === 1 ? 'account' : 'accounts'} unfollowed you ${period.label.en}: ${names(list)}`
        : ja
          ? `${period.label.ja}、${list.length}人が新しくフォローしました：${names(list)}`
          : `${list.length} new ${list.length === 1 ? 'follower' : 'followers'} ${period.label.en}: ${names(list)}`,
    figures,
  };
}

/** When the followers are most active, in the account's time zone. */
async function bestTimeAnswer(q: ParsedQuestion, facts: TalkFacts): Promise<TalkAnswer> {
  const ja = q.language === 'ja';
  const t = await facts.bestTime();
  const hours = t.bestHours.map((h) => `${String(h).padStart(2, '0')}:00`);
  const figures: Figure[] = [
    { label: ja ? 'ベストな時間' : 'Best hours', value: hours.join(', ') || '—' },
    { label: ja ? 'ベストな曜日' : 'Best weekday', value: WEEKDAYS[q.language][t.bestWeekday]! },
    { label: ja ? '分析した投稿数' : 'Follower posts analysed', value: t.basis },
    { label: ja ? 'タイムゾーン' : 'Time zone', value: t.timeZone },
  ];
  if (t.basis === 0)
    return {
      answer: ja
        ? 'フォロワーの活動データがまだありません。まず同期してください。'
        : 'There is no follower activity yet. Sync first.',
      figures,
    };
  return {
    answer: ja
      ? `フォロワーが最も活発なのは${WEEKDAYS.ja[t.bestWeekday]}の${hours.join('、')}（${t.timeZone}）です。その時間に投稿しましょう。`
      : `Your followers are most active at ${hours.join(', ')} (${t.timeZone}), busiest on ${WEEKDAYS.en[t.bestWeekday]}. Post then.`,
    figures,
  };
}
