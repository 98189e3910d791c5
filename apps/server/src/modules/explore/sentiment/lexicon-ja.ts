// A small hand-written Japanese sentiment lexicon (docs/API-AUDIENCES.md topic-posts). Japanese has no
// spaces, so entries are matched as substrings, longest first: negated forms are entries of their
// own ("好きじゃない" before "好き", "悪くない" is praise), which is how the lexicon handles negation.
// prettier-ignore
export const JA_LEXICON: Readonly<Record<string, number>> = {
  // positive
  最高: 2, 大好き: 2, 好き: 1, 嬉しい: 1, うれしい: 1, 楽しい: 1, 楽しかった: 1, 楽しみ: 1, 嬉しかった: 1, たのしい: 1,
  素晴らしい: 2, すばらしい: 2, すごい: 1, 凄い: 1, ありがとう: 1, 感謝: 1, 良い: 1, 良かった: 1,
  よかった: 1, いいね: 1, 幸せ: 1, 面白い: 1, おもしろい: 1, 美味しい: 1, おいしい: 1, 素敵: 1,
  感動: 2, 頑張: 1, わかる: 1, かわいい: 1, 可愛い: 1, 神: 1, 最強: 1, おすすめ: 1,
  悪くない: 1, 嫌いじゃない: 1,
  // negative
  最悪: -2, 嫌い: -1, 悲しい: -1, かなしい: -1, つらい: -1, 辛い: -1, 残念: -1, ひどい: -1,
  酷い: -1, 疲れ: -1, 不安: -1, 怖い: -1, むかつく: -1, ムカつく: -1, イライラ: -1, 微妙: -1,
  無理: -1, 困る: -1, 困った: -1, 失望: -2, つまらない: -1, 詐欺: -2, 悪い: -1, がっかり: -2,
  好きじゃない: -1, 好きではない: -1, 良くない: -1, よくない: -1, 楽しくない: -1,
  嬉しくない: -1, 面白くない: -1, おもしろくない: -1, 美味しくない: -1, おいしくない: -1,
};
