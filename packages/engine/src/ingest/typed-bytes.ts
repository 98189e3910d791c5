import type { AudienceIndex } from '../postings/audience-index';
import type { Csr } from '../postings/csr';

const csrBytes = (c: Csr): number => c.offsets.byteLength + c.data.byteLength;

/** Bytes of the index's typed arrays (strings and the term dictionary excluded). */
export function typedBytes(index: AudienceIndex): number {
  const columns = Object.values(index.columns).reduce((s, c) => s + c.byteLength, 0);
  const { accounts: a, posts: p } = index;
  return (
    index.present.byteLength +
    columns +
    index.postings.bytes +
    index.followers.bytes +
    [
      index.profileTerms,
      index.postTerms,
      index.following,
      index.postsByAuthor,
      index.likesByActor,
      index.repostsByActor,
    ]
      .map(csrBytes)
      .reduce((s, b) => s + b, 0) +
    [a.followers, a.following, a.posts, a.flags, a.slot, a.sampleKey].reduce((s, c) => s + c.byteLength, 0) +
    [p.author, p.likes, p.reposts, p.replies, p.byEngagement, p.kept].reduce((s, c) => s + c.byteLength, 0)
  );
}
