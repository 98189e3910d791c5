import { partitionOf } from '@murmur/core/live';
import { afterAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '../../generate/network';
import { deletePostNow } from '../../history/actions';
import { EventKind } from '../../model/events';
import { postId } from '../../model/posts';
import { advance } from '../../simulate/tick';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { startSandbox } from '../x-test-kit';
import { readStream, streamLines } from './stream-test-kit';

/**
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
