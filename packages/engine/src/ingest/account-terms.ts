import { CATEGORICAL_FIELDS } from '../postings/fields';
import type { TermTable } from '../postings/term-table';
import type { AccountRecord } from '../parse/records';
import { tokenise } from '../text/tokenise';
import { categoricalValues } from './categorical-values';
import { Deduper } from './dedupe';

/**
 * An account record's term ids, numbered in `terms`: the sequential build's global table, or a parse
 * worker's local one (parallel build). Both paths run this one code, so terms are first seen in the
 * same order (categorical fields, then interests, topics, movies, bio words) and the parallel build's
 * merged numbering equals the sequential one.
 */
export class AccountTerms {
  /** Per categorical field (CATEGORICAL_FIELDS order): term id + 1, 0 for none. */
  readonly cells = new Array<number>(CATEGORICAL_FIELDS.length).fill(0);
  private readonly distinct = new Deduper();
  private readonly bioWordId: (value: string) => number;
  private readonly addBioWord = (token: string): void => this.distinct.add(this.bioWordId(token));

  constructor(private readonly terms: TermTable) {
    this.bioWordId = terms.idOf('bioWord');
  }

  /** Fills `cells` and returns the profile terms (distinct, first-use order; valid until the next call). */
  of(r: AccountRecord): number[] {
    const values = categoricalValues(r);
    for (let i = 0; i < CATEGORICAL_FIELDS.length; i++) {
      const value = values[CATEGORICAL_FIELDS[i]!];
      this.cells[i] = value ? this.terms.id(CATEGORICAL_FIELDS[i]!, value) + 1 : 0;
    }
    const ids = this.distinct.begin();
    this.addValues('interest', r.interests);
    this.addValues('topic', r.topics);
    this.addValues('movie', r.movies);
    if (typeof r.bio === 'string' && r.bio) tokenise(r.bio, this.addBioWord);
    return ids;
  }

  private addValues(field: 'interest' | 'topic' | 'movie', values: unknown): void {
    if (!Array.isArray(values)) return;
    for (const v of values) if (v !== null && v !== '') this.distinct.add(this.terms.id(field, String(v)));
  }
}
