import { describe, expect, it } from 'vitest';
import type { AdAccount, GrantedAccount, Team, User } from '@murmur/core/api';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';

/** Ad accounts come from the connected X account through the sandbox's Ads API, over HTTP. */
const k = useSandboxTestApp({ seed: 'x-ads-tests' });

describe('ad accounts from the connected X account', () => {
  it('lists nothing before X is connected, then what X lists; access is checked on X', async () => {
    const ann = await k.t.signIn('ann-ads@example.com');
    const none = await k.app.inject({ url: '/api/user/accounts/', headers: ann.tokenAuth });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);

    // Validate before connecting: access false, not an error.
    const early = await k.app.inject({
      method: 'POST',
      url: '/api/external/validate-ad-account/',
      headers: ann.tokenAuth,
      payload: { ad_account_id: 'abc123' },
    });
    expect(early.json()).toEqual({ ad_account_id: 'abc123', access: false });

    const xId = await k.connectX(ann, 0);
    const opened = await k.openAdAccount(xId, 'Ann on X');
    const listed = await k.app.inject({ url: '/api/user/accounts/', headers: ann.tokenAuth });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<AdAccount[]>()).toContainEqual({ id: opened, name: 'Ann on X' });

    const yes = await k.app.inject({
      method: 'POST',
      url: '/api/external/validate-ad-account/',
      headers: ann.tokenAuth,
      payload: { ad_account_id: opened },
    });
    expect(yes.json()).toEqual({ ad_account_id: opened, access: true });

    // Another X user's account: false.
    const bob = await k.t.signIn('bob-ads@example.com');
    const bobX = await k.connectX(bob, 1);
    expect(bobX).not.toBe(xId);
    const bobs = await k.openAdAccount(bobX, 'Bob on X');
    const no = await k.app.inject({
      method: 'POST',
      url: '/api/external/validate-ad-account/',
      headers: ann.tokenAuth,
      payload: { ad_account_id: bobs },
    });
    expect(no.json()).toEqual({ ad_account_id: bobs, access: false });

    const missing = await k.app.inject({
      method: 'POST',
      url: '/api/external/validate-ad-account/',
      headers: ann.tokenAuth,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ non_field_errors: ['No ad account id provided'] });
    const bad = await k.app.inject({
      method: 'POST',
      url: '/api/external/validate-ad-account/',
      headers: ann.tokenAuth,
      payload: { ad_account_id: '../accounts' },
    });
    expect(bad.statusCode).toBe(400);
    const signedOut = await k.app.inject({
      method: 'POST',
      url: '/api/external/validate-ad-account/',
      payload: { ad_account_id: opened },
    });
    expect(signedOut.statusCode).toBe(403);
  });

  it('creates ad accounts (access true), grants one to a team, and forgets X accounts on disconnect', async () => {
    const cat = await k.t.signIn('cat-ads@example.com');
    const xId = await k.connectX(cat, 2);
    const base = await k.openAdAccount(xId, 'Cat main');

    const added = await k.app.inject({
      method: 'POST',
      url: '/api/external/create-ad-account/',
      headers: cat.tokenAuth,
      payload: { account_id: base, name: 'Cat (Murmur)' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ id: base, name: 'Cat (Murmur)', access: true });

    const created = await k.app.inject({
      method: 'POST',
      url: '/api/external/create-audiences-ad-account/',
      headers: cat.tokenAuth,
      payload: { account_id: base, name: 'Cat audiences' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const audiencesAccount = created.json<{ id: string; name: string; access: boolean }>();
    expect(audiencesAccount).toMatchObject({ name: 'Cat audiences', access: true });
    expect(audiencesAccount.id).not.toBe(base);
    // It really exists on X.
    const onX = (await k.ads(xId, 'GET', 'accounts')) as { id: string; name: string }[];
    expect(onX.map((a) => a.id)).toContain(audiencesAccount.id);

    const noId = await k.app.inject({
      method: 'POST',
      url: '/api/external/create-ad-account/',
      headers: cat.tokenAuth,
      payload: { name: 'x' },
    });
    expect(noId.json()).toEqual({ non_field_errors: ['No ad account id provided'] });
    const notMine = await k.app.inject({
      method: 'POST',
      url: '/api/external/create-ad-account/',
      headers: cat.tokenAuth,
      payload: { account_id: 'zzzzzz', name: 'x' },
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toEqual({ account_id: ['You do not have access to this ad account on X.'] });

    const accounts = (await k.app.inject({ url: '/api/user/accounts/', headers: cat.tokenAuth })).json<
      AdAccount[]
    >();
    // Seeded accounts of this brand on X, and the two above.
    expect(accounts.map((a) => a.id)).toEqual(expect.arrayContaining([base, audiencesAccount.id]));
    expect(accounts.find((a) => a.id === base)?.name).toBe('Cat (Murmur)');

    // Grant it to a team (the users module's rules) and list the grant.
    const team = (
      await k.app.inject({
        method: 'POST',
        url: '/api/teams/',
        headers: cat.tokenAuth,
        payload: { name: 'Cat team' },
      })
    ).json<Team>();
    const me = (await k.app.inject({ url: '/api/user/me/', headers: cat.tokenAuth })).json<User>();
    const member = me.memberships.find((m) => m.team.id === team.id)!.id;
    const granted = await k.app.inject({
      method: 'POST',
      url: '/api/user/granted-accounts/',
      headers: cat.tokenAuth,
      payload: { member, account: { account_id: audiencesAccount.id, network: 'twitter' } },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json<GrantedAccount>().account.account_id).toBe(audiencesAccount.id);

    // Disconnecting X forgets the token and the X ad accounts read through it.
    const social = me.social_accounts.find((s) => s.provider === 'twitter')!;
    const gone = await k.app.inject({
      method: 'POST',
      url: `/rest-auth/socialaccounts/${social.id}/disconnect/`,
      headers: cat.tokenAuth,
      payload: {},
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect((await k.app.inject({ url: '/api/user/accounts/', headers: cat.tokenAuth })).json()).toEqual([]);
  });
});

describe('ad groups and ads of an ad account (Profile settings)', () => {
  it('lists the line items with their campaign and promoted posts, read on X with the user’s token', async () => {
    const dan = await k.t.signIn('dan-ads@example.com');
    const groups = (accountId: string, session = dan) =>
      k.app.inject({ url: `/api/user/accounts/${accountId}/ad-groups/`, headers: session.tokenAuth });
    // Not connected to X yet: a plain 400, not an error page.
    expect((await groups('abc123')).json()).toEqual({
      non_field_errors: ['Connect your X account first to reach its ad accounts.'],
    });

    const xId = await k.connectX(dan, 3);
    const account = await k.openAdAccount(xId, 'Dan on X');
    expect((await groups(account)).json()).toEqual({ ad_account_id: account, ad_groups: [] });

    const { campaign, lineItem } = await k.pausedLineItem(xId, account, {
      campaign: 'Spring launch',
      lineItem: 'Spring launch line item',
    });
    const post = (await k.ads(xId, 'POST', `accounts/${account}/tweet`, {
      text: 'Spring is here',
      nullcast: 'true',
    })) as { id: string };
    const [promoted] = (await k.ads(xId, 'POST', `accounts/${account}/promoted_tweets`, {
      line_item_id: lineItem,
      tweet_ids: post.id,
    })) as { id: string }[];

    const listed = await groups(account);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      ad_account_id: account,
      ad_groups: [
        {
          id: lineItem,
          name: 'Spring launch line item',
          status: 'PAUSED',
          campaign: { id: campaign, name: 'Spring launch' },
          ads: [{ id: promoted!.id, post_id: post.id, status: 'ACTIVE' }],
        },
      ],
    });

    // Someone else's X account does not reach it.
    const eve = await k.t.signIn('eve-ads@example.com');
    await k.connectX(eve, 4);
    const refused = await groups(account, eve);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ account_id: ['You do not have access to this ad account on X.'] });
  });
});
