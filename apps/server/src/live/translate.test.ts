import type { LiveEvent } from '@murmur/core/live';
import { describe, expect, it } from 'vitest';
import { SeenUsers, snowflakeTime, translate, type Translation, type XStreamKind } from './translate';
import {
  activityLine,
  expectXShape,
  likeLine,
  postComplianceLine,
  postLine,
  snowflake,
  userComplianceLine,
  xUser,
} from './x-shapes.test-kit';

const T = Date.parse('2026-11-20T12:00:00.000Z');
const ana = { id: '1001', username: 'ana', name: 'Ana', description: 'coffee', location: 'Tokyo' };
const ben = { id: '1002', username: 'ben' };

/** Translates a line that must be X's shape. */
const run = (kind: XStreamKind, line: Record<string, unknown>, seen = new SeenUsers()): Translation => {
  expectXShape(kind, line);
  return translate(kind, line, seen);
};
const events = (t: Translation): LiveEvent[] => {
  if (t.outcome !== 'events') throw new Error(`expected events, got ${t.outcome}: ${t.reason}`);
  return t.events;
};

describe('the posts firehose', () => {
  it('turns a post into a post event with its author, preceded by a user event the first time', () => {
    const seen = new SeenUsers();
    const line = postLine({
      id: '5001',
      author: ana,
      at: T,
      text: 'Good #Coffee with @ben',
      lang: 'ja',
      hashtags: ['Coffee'],
      mentions: [{ id: '1002', username: 'ben' }],
    });
    const [user, post] = events(run('posts', line, seen));
    expect(user).toEqual({
      type: 'user',
      key: `user:1001:${T}`,
      at: T,
      user: {
        id: '1001',
        handle: 'ana',
        name: 'Ana',
        bio: 'coffee',
        location: 'Tokyo',
        created: '2019-04-01T09:30:00.000Z',
        protected: false,
        verified: false,
        followers: 10,
        following: 20,
        posts: 30,
      },
    });
    expect(post).toEqual({
      type: 'post',
      key: 'post:5001',
      at: T,
      post: {
        id: '5001',
        author: '1001',
        created: new Date(T).toISOString(),
        lang: 'ja',
        text: 'Good #Coffee with @ben',
        hashtags: ['Coffee'],
        mentions: ['1002'],
        replyTo: null,
        repostOf: null,
        quoteOf: null,
      },
      author: user!.type === 'user' ? user!.user : undefined,
    });

    // The same account again, unchanged: no second user event, whatever its counts say.
    const again = postLine({ id: '5002', author: ana, at: T + 1000 });
    again.includes.users[0]!.public_metrics.followers_count = 11;
    expect(events(run('posts', again, seen)).map((e) => e.type)).toEqual(['post']);

    // Changed (a new bio): a user event keyed by the instant it was seen.
    const changed = postLine({ id: '5003', author: { ...ana, description: 'tea' }, at: T + 2000 });
    const [update] = events(run('posts', changed, seen));
    expect(update).toMatchObject({ type: 'user', key: `user:1001:${T + 2000}`, user: { bio: 'tea' } });
  });

  it('maps reposts, replies and quotes by their references', () => {
    const repost = events(
      run('posts', postLine({ id: '6001', author: ben, at: T, refs: [{ type: 'retweeted', id: '5001' }] })),
    );
    expect(repost.at(-1)).toMatchObject({
      type: 'post',
      post: { repostOf: '5001', replyTo: null, quoteOf: null },
    });
    const reply = events(
      run('posts', postLine({ id: '6002', author: ben, at: T, refs: [{ type: 'replied_to', id: '5001' }] })),
    );
    expect(reply.at(-1)).toMatchObject({ post: { replyTo: '5001', repostOf: null, quoteOf: null } });
    const quote = events(
      run('posts', postLine({ id: '6003', author: ben, at: T, refs: [{ type: 'quoted', id: '5001' }] })),
    );
    expect(quote.at(-1)).toMatchObject({ post: { quoteOf: '5001', replyTo: null, repostOf: null } });
    // X's live spelling (referenced_tweets) is read too.
    const { referenced_posts: refs, ...data } = postLine({
      id: '6004',
      author: ben,
      at: T,
      refs: [{ type: 'retweeted', id: '5002' }],
    }).data;
    const live = translate('posts', { data: { ...data, referenced_tweets: refs } }, new SeenUsers());
    expect(events(live)).toHaveLength(1);
    expect(events(live)[0]).toMatchObject({ type: 'post', post: { repostOf: '5002' } });
  });

  it('resolves a mention sent without an id through includes.users', () => {
    const line = postLine({ id: '6005', author: ana, at: T, text: '@ben hi' });
    line.data.entities.mentions = [{ start: 0, end: 4, username: 'Ben' } as never];
    line.includes.users.push(xUser(ben));
    expect(events(run('posts', line)).at(-1)).toMatchObject({ post: { mentions: ['1002'] } });
  });

  it('passes a post on without author when includes lack its object, and ignores unknown fields', () => {
    const line = {
      ...postLine({ id: '6006', author: ana, at: T }),
      includes: {},
      matching_rules: [{ id: 'x' }],
    };
    const out = events(run('posts', line));
    expect(out).toHaveLength(1);
    expect(out[0]).not.toHaveProperty('author');
  });
});

describe('the likes firehose', () => {
  it('turns a like into a like event keyed by liker and post, with the liker’s user event first', () => {
    const seen = new SeenUsers();
    const out = events(run('likes', likeLine({ liker: ben, post: '5001', author: '1001', at: T }), seen));
    expect(out.map((e) => e.key)).toEqual([`user:1002:${T}`, 'like:1002:5001']);
    expect(out[1]).toEqual({
      type: 'like',
      key: 'like:1002:5001',
      at: T,
      user: '1002',
      post: '5001',
      author: '1001',
    });
  });

  it('takes a self-like’s liker from the one user object', () => {
    const out = events(run('likes', likeLine({ liker: ana, post: '5001', author: '1001', at: T })));
    expect(out.at(-1)).toMatchObject({ type: 'like', user: '1001', author: '1001' });
  });

  it('counts a like without a liker as malformed', () => {
    const line = { ...likeLine({ liker: ben, post: '5001', author: '1001', at: T }), includes: {} };
    expect(run('likes', line)).toMatchObject({ outcome: 'malformed' });
  });
});

describe('the Activity API', () => {
  it('turns follow.follow and follow.unfollow into follow and unfollow events with Snowflake instants', () => {
    const seen = new SeenUsers();
    const follow = events(
      run('activity', activityLine('follow.follow', T, { source: xUser(ana), target: xUser(ben) }), seen),
    );
    expect(follow.map((e) => e.key)).toEqual([`user:1001:${T}`, `user:1002:${T}`, `follow:1001:1002:${T}`]);
    expect(follow[2]).toEqual({
      type: 'follow',
      key: `follow:1001:1002:${T}`,
      at: T,
      from: '1001',
      to: '1002',
    });
    const unfollow = events(
      run(
        'activity',
        activityLine('follow.unfollow', T + 5, { source: xUser(ana), target: xUser(ben) }),
        seen,
      ),
    );
    expect(unfollow).toEqual([
      { type: 'unfollow', key: `unfollow:1001:1002:${T + 5}`, at: T + 5, from: '1001', to: '1002' },
    ]);
  });

  it('turns a profile update with the user object into a user event, and skips one without it', () => {
    const seen = new SeenUsers();
    events(run('posts', postLine({ id: '1', author: ana, at: T }), seen));
    const update = activityLine(
      'profile.update.bio',
      T,
      { before: 'coffee', after: 'tea' },
      {
        filter: { user_id: '1001' },
        includes: { users: [xUser({ ...ana, description: 'tea' })] },
      },
    );
    const updated = events(run('activity', update, seen));
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ type: 'user', key: `user:1001:${T}`, user: { bio: 'tea' } });
    expect(updated[0]).not.toHaveProperty('relocated');
    // A place changed: the engine resolves it again, whatever text it last saw for the account (an
    // index built from an export keeps none); a key of its own, not a replay of the author's event.
    const moved = activityLine(
      'profile.update.geo',
      T,
      { before: 'Tokyo', after: 'Osaka' },
      { filter: { user_id: '1001' }, includes: { users: [xUser({ ...ana, location: 'Osaka' })] } },
    );
    const relocated = events(run('activity', moved, seen));
    expect(relocated).toHaveLength(1);
    expect(relocated[0]).toMatchObject({
      type: 'user',
      key: `user:1001:${T}:geo`,
      relocated: true,
      user: { location: 'Osaka' },
    });
    const bare = activityLine(
      'profile.update.geo',
      T,
      { before: 'Tokyo', after: 'Osaka' },
      { filter: { user_id: '1001' } },
    );
    expect(run('activity', bare)).toEqual({
      outcome: 'ignored',
      reason: 'profile.update.geo without the user object',
    });
  });

  it('turns post.delete into post-delete and ignores what the firehoses already carry', () => {
    const del = run('activity', activityLine('post.delete', T, { id: '5001', author_id: '1001' }));
    expect(events(del)).toEqual([
      { type: 'post-delete', key: 'post-delete:5001', at: T, post: '5001', author: '1001' },
    ]);
    const created = activityLine('post.create', T, { id: '5001', author_id: '1001', text: 'x' });
    expect(run('activity', created)).toEqual({ outcome: 'ignored', reason: 'post.create' });
  });

  it('reads the instant of an event id', () => {
    expect(snowflakeTime(snowflake(T, 77))).toBe(T);
    expect(snowflakeTime('abc')).toBeNull();
  });
});

describe('the compliance streams', () => {
  it('maps every user compliance kind, and forgets the account so its next object comes back', () => {
    const seen = new SeenUsers();
    events(run('posts', postLine({ id: '1', author: ana, at: T }), seen));
    const cases = [
      ['user_delete', 'user-delete'],
      ['user_suspend', 'user-suspend'],
      ['user_protect', 'user-protect'],
      ['user_undelete', 'user-restore'],
      ['user_unsuspend', 'user-restore'],
      ['user_unprotect', 'user-restore'],
    ] as const;
    for (const [field, type] of cases) {
      const out = events(run('users-compliance', userComplianceLine(field, '1001', T + 7), seen));
      expect(out).toEqual([{ type, key: `${type}:1001:${T + 7}`, at: T + 7, user: '1001' }]);
    }
    expect(
      events(run('posts', postLine({ id: '2', author: ana, at: T + 9 }), seen)).map((e) => e.type),
    ).toEqual(['user', 'post']);
    const withheld = {
      data: {
        user_withheld: {
          user: { id: '1001' },
          event_at: new Date(T).toISOString(),
          withheld_in_countries: ['DE'],
        },
      },
    };
    expect(run('users-compliance', withheld)).toEqual({ outcome: 'ignored', reason: 'user_withheld' });
  });

  it('turns a posts-compliance delete into post-delete and ignores the other notices', () => {
    const del = events(run('posts-compliance', postComplianceLine('delete', '5001', '1001', T)));
    expect(del).toEqual([
      { type: 'post-delete', key: 'post-delete:5001', at: T, post: '5001', author: '1001' },
    ]);
    expect(run('posts-compliance', postComplianceLine('drop', '5001', '1001', T))).toMatchObject({
      outcome: 'ignored',
    });
  });
});

describe('bad lines', () => {
  it('answers malformed or error for anything it cannot use, and never throws', () => {
    const seen = new SeenUsers();
    const bad: [XStreamKind, unknown][] = [
      ['posts', null],
      ['posts', 'text'],
      ['posts', []],
      ['posts', { data: { id: 'abc', author_id: '1', created_at: 'x' } }],
      ['posts', { data: { id: '1', author_id: '1' } }],
      ['likes', { data: { liked_tweet_id: '1' } }],
      [
        'activity',
        { data: { event_type: 'follow.follow', event_uuid: snowflake(T), payload: { source: {} } } },
      ],
      ['activity', { data: { event_type: 'follow.follow', payload: {} } }],
      ['activity', { data: 7 }],
      ['users-compliance', { data: { user_delete: { user: {} } } }],
      ['users-compliance', { data: null }],
      ['posts-compliance', { data: { delete: { tweet: { id: '1' }, event_at: 'now' } } }],
      ['posts', { foo: 1 }],
    ];
    for (const [kind, line] of bad)
      expect(translate(kind, line, seen)).toMatchObject({ outcome: 'malformed' });
    const error = {
      errors: [
        {
          title: 'operational-disconnect',
          detail: 'This stream has been disconnected.',
          type: 'https://api.x.com/2/problems/operational-disconnect',
        },
      ],
    };
    expect(translate('posts', error, seen)).toMatchObject({ outcome: 'error' });
  });
});

describe('the shape check itself', () => {
  it('rejects lines that are not X’s shapes, so the fixtures above are held to the document', () => {
    expect(() => expectXShape('posts', { data: { id: 5001 } })).toThrow();
    expect(() => expectXShape('users-compliance', { data: { user_delete: { user: {} } } })).toThrow();
    expect(() =>
      expectXShape('activity', activityLine('follow.follow', T, { source: xUser(ana), extra: 1 })),
    ).toThrow();
  });
});
