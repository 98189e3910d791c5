import { hasBit } from '../bits/bitset';
import type { AudienceIndex } from '../postings/audience-index';
import { csrRow } from '../postings/csr';
import { CATEGORICAL_FIELDS, FIELDS } from '../postings/fields';

// What tests compare two indexes by (the live index's exactness rule, live-index.test.ts): every
// count a query can see, keyed by handles and values rather than numbers.

export const handleOf = (index: AudienceIndex, n: number): string =>
  index.accounts.slot[n] ? index.accounts.handles.get(index.accounts.slot[n] - 1) : '';

/** Everything a count can see, keyed by handles and values rather than numbers. */
export function picture(index: AudienceIndex): Record<string, unknown> {
  const present: number[] = [];
  for (let n = 0; n < index.size; n++) if (hasBit(index.present, n)) present.push(n);
  const h = (n: number) => handleOf(index, n);
  const accounts = Object.fromEntries(
    present.map((n) => [
      h(n),
      {
        cols: CATEGORICAL_FIELDS.map((f) =>
          index.columns[f][n] ? index.terms.value(index.columns[f][n] - 1) : '',
        ),
        counts: [
          index.accounts.followers[n],
          index.accounts.following[n],
          index.accounts.posts[n],
          index.accounts.flags[n],
          // A hash of the X id (the insights' samples test it): the same whatever the account's number.
          index.accounts.sampleKey[n],
        ],
        following: [...csrRow(index.following, n)].map(h).sort(),
        followers: postingHandles(index, index.followers.get(n), h),
        posts: [...csrRow(index.postsByAuthor, n)].map((p) => index.posts.ids.get(p)).sort(),
        likes: [...csrRow(index.likesByActor, n)].map((p) => index.posts.ids.get(p)).sort(),
        reposts: [...csrRow(index.repostsByActor, n)].map((p) => index.posts.ids.get(p)).sort(),
      },
    ]),
  );
  const postings: Record<string, string[]> = {};
  for (const f of FIELDS)
    for (const t of index.terms.termsOf(f)) {
      const list = postingHandles(index, index.postings.get(t), h);
      if (list.length > 0) postings[`${f}:${index.terms.value(t)}`] = list;
    }
  const engaged = [...index.posts.byEngagement].map((p) => [
    index.posts.ids.get(p),
    index.posts.likes[p],
    index.posts.reposts[p],
    index.posts.replies[p],
  ]);
  engaged.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return {
    population: index.population,
    accounts,
    postings,
    engaged,
    byHandle: present.map((n) => index.handles.find(h(n)) === n),
  };
}

function postingHandles(
  index: AudienceIndex,
  posting: ReturnType<AudienceIndex['postings']['get']>,
  h: (n: number) => string,
): string[] {
  const out: string[] = [];
  if (posting.kind === 'list') for (const n of posting.list) out.push(h(n));
  else for (let n = 0; n < index.size; n++) if (hasBit(posting.bits, n)) out.push(h(n));
  if (out.length !== posting.count)
    throw new Error(`A posting counts ${posting.count} accounts and holds ${out.length}`);
  return out.sort();
}
