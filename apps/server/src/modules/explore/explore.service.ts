import type { CatalogueItem, ExploreResult, ValidateHandleResult } from '@murmur/core/api';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import type { AccountSet, AudienceEngine } from '@murmur/engine';
import type { EngineHolder } from '../../engine/engine-holder';
import { BadRequest, NotFound } from '../../errors';
import { requireNonEmpty, toEstimate } from '../../engine/engine-audience';
import type { SearchCounter } from '../../lib/search-counter';
import { presentAccounts } from '../../engine/present-account';

export type ExploreService = ReturnType<typeof createExploreService>;

/** Sample accounts shown with a tool's result: the most followed of the accounts it matched. */
const SAMPLE_ACCOUNTS = 12;

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** The canonical handle of an account, or 404 (followers-of, handle analysis, competitors). */
export function accountOf(engine: AudienceEngine, handle: string): { account: number; handle: string } {
  const account = engine.findAccount(handle);
  if (account === undefined) throw new NotFound(`No account with the handle @${handle}.`);
  return { account, handle: engine.describeAccounts([account])[0]!.handle };
}

/** Per-engine values built at first use and kept for the engine's lifetime (the catalogue is fixed). */
function perEngine<T>(build: (engine: AudienceEngine) => T): (engine: AudienceEngine) => T {
  const cache = new WeakMap<AudienceEngine, T>();
  return (engine) => {
    let value = cache.get(engine);
    if (value === undefined) cache.set(engine, (value = build(engine)));
    return value;
  };
}

/** The interests of the catalogue with their folded name, category and last name part. */
const foldedInterests = perEngine((engine) =>
  engine.explore.catalogue('interests').map((entry) => ({
    entry,
    name: fold(entry.name),
    category: fold(entry.category ?? ''),
    last: fold(entry.name.split('/').at(-1) ?? ''),
  })),
);

/** A catalogue interest by targeting value, full name, bare category or bare subcategory. */
function knownInterest(engine: AudienceEngine, text: string) {
  const key = fold(text);
  const value = text.trim();
  const entries = foldedInterests(engine);
  return (
    entries.find((e) => e.entry.value === value || e.name === key) ??
    entries.find((e) => e.category === key || e.last === key)
  )?.entry;
}

/** Interests of the catalogue as API items, by targeting value (built once per engine; do not mutate). */
export const interestItems: (engine: AudienceEngine) => ReadonlyMap<string, Readonly<CatalogueItem>> =
  perEngine(
    (engine) =>
      new Map(
        engine.explore.catalogue('interests').map((e) => [
          e.value,
          {
            value: e.value,
            label: e.name,
            category: e.category,
            size: Math.round(e.accounts * engine.scale),
          },
        ]),
      ),
  );

/**
 * The audience builder's one-question tools (docs/API-AUDIENCES.md "Explore-X"): each turns its
 * question into a targeting package, estimates it with the engine and shows the most followed
 * accounts that answered the question itself (posted it, have it in their bio, follow the handle …).
 */
export function createExploreService(deps: { engine: EngineHolder; searches: SearchCounter }) {
  const { engine: holder, searches } = deps;

  function result(engine: AudienceEngine, pkg: TargetingPackage, matched?: AccountSet): ExploreResult {
    const audience = engine.evaluate(pkg);
    const sample = engine.explore.mostFollowed(matched ?? audience, SAMPLE_ACCOUNTS);
    return {
      estimate: toEstimate(audience, engine.stats.accounts, engine.scale),
      targeting_package: pkg,
      sample_accounts: presentAccounts(engine, sample),
    };
  }

  const labels = (texts: string[]) => texts.map((label) => ({ label }));

  return {
    validateHandle(handle: string): ValidateHandleResult {
      const engine = holder.get();
      const account = engine.findAccount(handle);
      if (account === undefined) return { valid: false, handle, account: null };
      const [summary] = presentAccounts(engine, [account]);
      return { valid: true, handle: summary!.handle, account: summary! };
    },

    followersOf(handle: string): ExploreResult {
      const engine = holder.get();
      const found = accountOf(engine, handle);
      searches.recordHandle(found.handle);
      return result(engine, targetingPackageSchema.parse({ handles: [{ handle: found.handle }] }));
    },

    interestedIn(interest: string): ExploreResult {
      const engine = holder.get();
      const entry = knownInterest(engine, interest);
      if (!entry) throw new BadRequest({ interest: [`"${interest}" is not an interest X knows.`] });
      searches.recordLabel(entry.name);
      // A bare category ("Science") stays a category: it means every "Science/…" interest.
      const whole = fold(entry.name) === fold(interest) || entry.value === interest.trim();
      const item = whole ? { label: entry.name, id: entry.value } : { label: interest.trim() };
      return result(engine, targetingPackageSchema.parse({ interests: [item] }));
    },

    /** Keyword targeting (bio or posts); the sample shows accounts whose posts use them. */
    postedAbout(keywords: string[]): ExploreResult {
      const engine = holder.get();
      keywords.forEach((k) => searches.recordText(k));
      const pkg = targetingPackageSchema.parse({ keywords: labels(keywords) });
      return result(engine, pkg, engine.explore.textMatches(keywords, 'posts'));
    },

    /** Keyword targeting (bio or posts); the sample shows accounts with the words in their bio. */
    wordsInProfile(words: string[]): ExploreResult {
      const engine = holder.get();
      words.forEach((w) => searches.recordText(w));
      const pkg = targetingPackageSchema.parse({ keywords: labels(words) });
      return result(engine, pkg, engine.explore.textMatches(words, 'bio'));
    },

    /** Interests over-represented in the package's audience (affinity > 1), most over-represented first. */
    async suggestInterests(pkg: TargetingPackage) {
      requireNonEmpty(pkg);
      const engine = holder.get();
      // The interests panel samples up to 50 000 members: on an engine worker thread.
      const panels = await holder
        .work()
        .run('panels', { audience: { pkg }, names: ['interests'], options: { top: 50 } });
      const interests = panels.interests!;
      const items = interestItems(engine);
      const chosen = new Set(pkg.interests.flatMap((i) => [fold(i.label), String(i.id ?? '')]));
      const seen = new Set<string>();
      const suggestions = [...interests.distinctive, ...interests.interests]
        .filter((s) => (s.affinity ?? 0) > 1 && !chosen.has(s.key) && !chosen.has(fold(s.label)))
        .filter((s) => !seen.has(s.key) && seen.add(s.key))
        .sort((a, b) => (b.affinity ?? 0) - (a.affinity ?? 0))
        .slice(0, 20)
        .flatMap((s) => {
          const item = items.get(s.key);
          return item ? [{ ...item, affinity: s.affinity ?? 0 }] : [];
        });
      return { interests: suggestions };
    },

    /** Terms co-occurring with the keyword in bios and posts, by lift (engine.explore.relatedTerms). */
    relatedKeywords(keyword: string) {
      const engine = holder.get();
      searches.recordText(keyword);
      const exclude = engine.words(keyword);
      if (exclude.length === 0) return { keywords: [] };
      const matching = engine.evaluate(targetingPackageSchema.parse({ keywords: [{ label: keyword }] }));
      return { keywords: engine.explore.relatedTerms(matching.accounts, exclude, 20) };
    },

    /** The engine's age-groups panel of the package's audience. */
    ageGroups(pkg: TargetingPackage) {
      requireNonEmpty(pkg);
      const engine = holder.get();
      return engine.explore.panels(engine.evaluate(pkg), ['ageGroups']).ageGroups;
    },
  };
}
