import { resolveLocationText } from '@murmur/core/live';
import { describe, expect, it } from 'vitest';
import { CITIES, COUNTRIES, REGIONS } from '@murmur/core/x-catalogue';
import { targetingCriteria } from '@murmur/core/x-catalogue';
import { locationOf } from '../text/bio';
import { generateNetwork } from '../generate/network';
import { ActivitySubscriptions } from '../http/x-v2/activity';
import { parseShape, TWEET_EXPANSIONS } from '../http/x-v2/fields';
import { STREAMS } from '../http/x-v2/stream-specs';
import { expectSchema } from '../http/x-v2/stream-test-kit';
import { AccountFlag } from '../model/accounts';
import { EventKind } from '../model/events';
import { BIRTH_RATES } from './births';
import { advance } from './tick';

const ANCHOR = Date.UTC(2026, 7, 1) / 1000;

describe('accounts born after the anchor', () => {
  const net = generateNetwork({ accounts: 4000, seed: 'births', historyDays: 1, now: ANCHOR });
  const before = net.accounts.count;
  const first = net.events.length;
  advance(net, 24 * 10);
  const born = net.simulation.lifecycle!.births!.born;
  const view = { net, origin: 'http://sandbox/x', viewer: -1, activity: new ActivitySubscriptions() };
  const stream = (path: string) => STREAMS.find((s) => s.path === path)!;

  it('are born at about the stated rate, with new ids and catalogue locations that resolve to their city', () => {
    // 4 000 accounts × 10 days × 1/2 000: about 20.
    const expected = before * 10 * BIRTH_RATES.perAccountDay;
    expect(born.length).toBeGreaterThan(expected / 3);
    expect(born.length).toBeLessThan(expected * 3);
    expect(net.accounts.count).toBe(before + born.length);
    const locations = targetingCriteria('locations');
    let lastId = net.accounts.ids[before - 1]!;
    for (const u of born) {
      expect(net.accounts.flags[u]! & AccountFlag.liveBorn).toBeTruthy();
      expect(net.accounts.ids[u]!).toBeGreaterThan(lastId);
      lastId = net.accounts.ids[u]!;
      expect(net.graph.inDegree.length).toBeGreaterThan(u);
    }
    // Their location text is their city's catalogue name: the shared rule gives back their place.
    for (const u of born) {
      const place = resolveLocationText(locationOf(net.accounts, u), locations);
      expect(place).toEqual({
        country: COUNTRIES[net.accounts.country[u]!]!.code,
        region: REGIONS[net.accounts.region[u]!]!.name,
        city: CITIES[net.accounts.city[u]!]!.name,
        metro: null,
      });
    }
  });

  it('first show on the streams with their sign-up follows, then their posts bring their user object', () => {
    const activity = stream('/activity/stream');
    const posts = stream('/tweets/firehose/stream');
    const shape = parseShape(
      { expansions: 'author_id', 'user.fields': 'created_at,description,location,protected,public_metrics' },
      TWEET_EXPANSIONS,
    );
    const seen = new Set<number>();
    let postsSeen = 0;
    for (let e = first; e < net.events.length; e++) {
      const kind = net.events.kind.get(e);
      const actor = net.events.actor.get(e);
      const target = net.events.target.get(e);
      if (
        !(net.accounts.flags[actor]! & AccountFlag.liveBorn) &&
        !(net.accounts.flags[target]! & AccountFlag.liveBorn)
      )
        continue;
      const who = net.accounts.flags[actor]! & AccountFlag.liveBorn ? actor : target;
      if (kind === EventKind.removed) continue;
      // The first line about a live-born account is one of its sign-up follows, at its creation second.
      if (!seen.has(who)) {
        expect(kind, `first event of ${who}`).toBe(EventKind.follow);
        expect(actor).toBe(who);
        expect(net.events.time.get(e)).toBe(net.accounts.created[who]);
        const lines = activity.lines(view, parseShape({}, []), e);
        expect(lines.length).toBe(1);
        const { data } = lines[0]!.body as {
          data: { event_type: string; payload: { source: { id: string } } };
        };
        expect(data.event_type).toBe('follow.follow');
        expect(data.payload.source.id).toBe(net.accounts.ids[who]!.toString());
        seen.add(who);
      }
      if (kind === EventKind.post && actor === who) {
        for (const line of posts.lines(view, shape, e)) {
          expectSchema('StreamPostsFirehoseResponse', line.body);
          const users = (line.body as { includes: { users: { id: string }[] } }).includes.users;
          expect(users.map((x) => x.id)).toContain(net.accounts.ids[who]!.toString());
          postsSeen++;
        }
      }
    }
    expect(seen.size).toBe(
      born.filter((u) => !(net.accounts.flags[u]! & (AccountFlag.deleted | AccountFlag.suspended))).length,
    );
    expect(postsSeen).toBeGreaterThan(0);
  });

  it('rewrite locations (profile.update.geo) so that the shared rule resolves them to their place', () => {
    const activity = stream('/activity/stream');
    const locations = targetingCriteria('locations');
    let geo = 0;
    for (let e = first; e < net.events.length; e++) {
      if (net.events.kind.get(e) !== EventKind.profile) continue;
      for (const line of activity.lines(view, parseShape({}, []), e)) {
        const { data } = line.body as {
          data: {
            event_type: string;
            payload: Record<string, string>;
            includes: { users: { location: string }[] };
          };
        };
        expectSchema('ProfileUpdateActivityResponsePayload', data.payload);
        if (data.event_type !== 'profile.update.geo') continue;
        geo++;
        const u = net.events.actor.get(e);
        expect(data.payload.after).toBe(data.includes.users[0]!.location);
        expect(resolveLocationText(data.payload.after!, locations)).toEqual({
          country: COUNTRIES[net.accounts.country[u]!]!.code,
          region: REGIONS[net.accounts.region[u]!]!.name,
          city: CITIES[net.accounts.city[u]!]!.name,
          metro: null,
        });
      }
    }
    expect(geo).toBeGreaterThan(0);
  });
});
