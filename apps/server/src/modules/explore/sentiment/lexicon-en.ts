// A small hand-written English sentiment lexicon (docs/API-AUDIENCES.md topic-posts): common words of
// praise and complaint on X. Weights are ±1, strong words ±2.
// prettier-ignore
export const EN_POSITIVE: Readonly<Record<string, number>> = {
  love: 2, loved: 2, loving: 2, lovely: 1, great: 1, best: 2, good: 1, better: 1, awesome: 2,
  amazing: 2, excellent: 2, fantastic: 2, brilliant: 2, wonderful: 2, beautiful: 1, happy: 1,
  glad: 1, excited: 1, exciting: 1, enjoy: 1, enjoyed: 1, fun: 1, nice: 1, cool: 1, perfect: 2,
  favourite: 1, favorite: 1, thanks: 1, thank: 1, agree: 1, win: 1, winning: 1, obsessed: 1,
  recommend: 1, impressive: 1, proud: 1, yay: 1,
};

// prettier-ignore
export const EN_NEGATIVE: Readonly<Record<string, number>> = {
  hate: 2, hated: 2, bad: 1, worse: 1, worst: 2, terrible: 2, awful: 2, horrible: 2, sad: 1,
  angry: 1, annoying: 1, annoyed: 1, boring: 1, bored: 1, disappointed: 2, disappointing: 2,
  sucks: 2, poor: 1, broken: 1, fail: 1, failed: 1, wrong: 1, ugly: 1, regret: 1, regrets: 1,
  scam: 2, unfortunately: 1, tired: 1, problem: 1, useless: 2, waste: 1, ridiculous: 1,
};

/** Words that flip the sentiment of the next few words ("not good", "no regrets"). */
// prettier-ignore
export const EN_NEGATORS: ReadonlySet<string> = new Set([
  'not', 'no', 'never', "don't", 'dont', "doesn't", "isn't", "wasn't", "can't", "won't", 'hardly',
  'nothing', "didn't", "aren't",
]);
