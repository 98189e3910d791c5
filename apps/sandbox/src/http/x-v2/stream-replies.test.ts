import { partitionOf } from '@murmur/core/live';
import { afterAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '../../generate/network';
import { deletePostNow, removeAccountNow } from '../../history/actions';
import { EventKind } from '../../model/events';
import { postId } from '../../model/posts';
import { advance } from '../../simulate/tick';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { startSandbox } from '../x-test-kit';
import { readStream, streamLines } from './stream-test-kit';

/**
 * A post's row read after the post was deleted still makes its line (X sent it when it was made; its
 * delete follows on the compliance stream): an account born live whose only post was deleted before a
 * reader behind the clock read it had no language in the live index, where the export gives it the
 * post's (bench:live at 1 M accounts, clock ×400: one language panel one apart).
 *
 * A reply is a post of its own: when the post it answers is deleted, the reply stays (the export
 * keeps it, no longer a reply), so a stream that reads its row later — a Recovery replay, or a reader
 * behind the clock (streams are written at the reader's pace) — still sends it. Deleting the parent
 * used to rewrite the reply's row as removed: at 200 000 accounts bench:live's live index missed 22
 * such replies that the export held.
 */
const network = generateNetwork({
  accounts: 2000,
  seed: 'stream-replies',
  historyDays: 2,
  now: Date.UTC(2026, 7, 1) / 1000,
});
advance(network, Math.round((12 * 3600) / network.config.tickSeconds));
const sandbox = await startSandbox({ network });
afterAll(async () => {
  sandbox.app.server.closeAllConnections();
  await sandbox.app.close();
});
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z');

describe('a reply whose parent is deleted', () => {
  it('is still sent by the posts firehose when its row is read after the deletion', async () => {
    const { events, posts, accounts } = network;
    // The newest reply of the log whose parent and itself still stand.
    let reply = -1;
    for (let p = posts.length - 1; p >= 0 && reply < 0; p--) {
      const parent = posts.replyTo.get(p);
      if (
        parent >= 0 &&
        !posts.deleted.get(p) &&
        !posts.deleted.get(parent) &&
        posts.time.get(p) > network.start
      )
        reply = p;
    }
    expect(reply).toBeGreaterThanOrEqual(0);
    const parent = posts.replyTo.get(reply);
    const at = posts.time.get(reply);
    const row = (() => {
      for (let e = events.firstAtOrAfter(at); e < events.length && events.time.get(e) === at; e++)
        if (events.kind.get(e) === EventKind.reply && events.post.get(e) === parent) return e;
      return -1;
    })();
    expect(row).toBeGreaterThanOrEqual(0);

    expect(deletePostNow(network, parent)).toBe(true);
    expect(events.kind.get(row)).toBe(EventKind.reply);

    const author = accounts.ids[posts.author.get(reply)]!.toString();
    const partition = partitionOf(author, 20) + 1;
    const { text } = await readStream(
      sandbox.base,
      `tweets/firehose/stream?partition=${partition}&start_time=${iso(at)}&end_time=${iso(at + 1)}`,
      10_000,
      SANDBOX_DEV_CREDENTIALS.x.bearerToken,
    );
    const ids = streamLines(text).map((line) => (line.data as { id: string }).id);
    expect(ids).toContain(postId(posts, reply));
  });
});

describe('a post deleted before its row is read', () => {
  const { posts, accounts } = network;
  /** The newest post (or reply) of the log that still stands, with its parent's. */
  const newest = (reply: boolean) => {
    for (let p = posts.length - 1; p >= 0; p--) {
      const parent = posts.replyTo.get(p);
      if (posts.deleted.get(p) || reply !== parent >= 0 || (reply && posts.deleted.get(parent))) continue;
      if (posts.time.get(p) > network.start) return p;
    }
    throw new Error('no post');
  };
  /** The ids of the lines a partitioned stream sends about `author` in one second from `from`. */
  const idsOn = async (path: string, partitions: number, author: number, from: number, ms: number) => {
    const id = accounts.ids[author]!.toString();
    const window = `start_time=${iso(from)}&end_time=${iso(from + 1)}`;
    const { text } = await readStream(
      sandbox.base,
      `${path}?partition=${partitionOf(id, partitions) + 1}&${window}`,
      ms,
      SANDBOX_DEV_CREDENTIALS.x.bearerToken,
    );
    return streamLines(text).map((line) => {
      const data = line.data as { id?: string; delete?: { tweet: { id: string } } };
      return data.delete?.tweet.id ?? data.id;
    });
  };

  it.each([
    ['a post', false],
    ['a reply', true],
  ])('%s: still sent by the posts firehose, and its delete by the compliance stream', async (_, reply) => {
    const post = newest(reply);
    const author = posts.author.get(post);
    expect(deletePostNow(network, post)).toBe(true);
    // The post's window is past, so the firehose closes at once; the delete is at the held clock's
    // now, whose window stays open: read for 2 s.
    expect(await idsOn('tweets/firehose/stream', 20, author, posts.time.get(post), 10_000)).toContain(
      postId(posts, post),
    );
    expect(await idsOn('tweets/compliance/stream', 4, author, network.clock.now, 2000)).toContain(
      postId(posts, post),
    );
  });

  it('leaves with its author: no longer sent once the account is deleted', async () => {
    const post = newest(false);
    const author = posts.author.get(post);
    const at = posts.time.get(post);
    expect(deletePostNow(network, post)).toBe(true);
    expect(await idsOn('tweets/firehose/stream', 20, author, at, 10_000)).toContain(postId(posts, post));
    expect(removeAccountNow(network, author, 'delete')).toBe(true);
    expect(await idsOn('tweets/firehose/stream', 20, author, at, 10_000)).not.toContain(postId(posts, post));
  });
});
