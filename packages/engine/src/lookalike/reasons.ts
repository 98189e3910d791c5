import { accountSummary } from '../insights/account-summary';
import { termLabel } from '../insights/labels';
import type { AudienceIndex } from '../postings/audience-index';
import { featureKind, featureVisitor, type FeatureKind, type FeatureSpace } from './features';
import type { LookalikeModel, WeightedFeature } from './model';

/** Reasons shown per sampled account. */
export const REASONS_PER_ACCOUNT = 3;

/**
 * Why an account was chosen: one feature it shares with the seed, as structured data the screens
 * render ("follows @a like 62 % of the seed", "writes about #x"). Shares are of the fit seed and of
 * the population (the country, else the network).
 */
export interface LookalikeReason {
  kind: FeatureKind;
  /** The X id of a followed account; else the term as indexed (a catalogue value, a word, a code). */
  value: string;
  /** What users read: `@handle`, the catalogue name, `#tag`, the word, the country's name. */
  label: string;
  seedShare: number;
  populationShare: number;
  /** seedShare ÷ populationShare, smoothed as the weight is (e^weight). */
  lift: number;
}

export function reasonOf(index: AudienceIndex, space: FeatureSpace, f: WeightedFeature): LookalikeReason {
  const kind = featureKind(index, space, f.feature) ?? 'bio_word';
  let value: string;
  let label: string;
  if (kind === 'follows') {
    const who = accountSummary(index, f.feature - space.terms);
    value = who.id;
    label = `@${who.handle}`;
  } else {
    value = index.terms.value(f.feature);
    label = termLabel(index, f.feature);
  }
  return {
    kind,
    value,
    label,
    seedShare: f.seedShare,
    populationShare: f.populationShare,
    lift: Math.exp(f.weight),
  };
}

/**
 * The REASONS_PER_ACCOUNT heaviest features an account shares with the model: the terms of its
 * score that weigh most (ties: the feature more of the seed carries).
 */
export function reasonsFor(
  index: AudienceIndex,
  space: FeatureSpace,
  model: LookalikeModel,
  byFeature: ReadonlyMap<number, WeightedFeature>,
  withCountry: boolean,
): (n: number) => LookalikeReason[] {
  const visitor = featureVisitor(index, space, withCountry);
  return (n) => {
    const found: WeightedFeature[] = [];
    visitor(n, (f) => {
      if (model.weights[f]! <= 0) return;
      const w = byFeature.get(f);
      if (w && !found.includes(w)) found.push(w);
    });
    found.sort((a, b) => b.weight - a.weight || b.seedCount - a.seedCount || a.feature - b.feature);
    const out: LookalikeReason[] = [];
    const said = new Set<string>();
    for (const f of found) {
      const reason = reasonOf(index, space, f);
      // A hashtag is also a word of its post: "writes about #x" once, not twice.
      const key = reason.kind === 'hashtag' || reason.kind === 'post_word' ? `post:${reason.value}` : '';
      if (key && said.has(key)) continue;
      if (key) said.add(key);
      out.push(reason);
      if (out.length === REASONS_PER_ACCOUNT) break;
    }
    return out;
  };
}
