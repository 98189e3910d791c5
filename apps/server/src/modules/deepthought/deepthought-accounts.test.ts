import { describe, expect, it } from 'vitest';
import type { DtStatus, XAccount } from '@murmur/core/api';
import { deepThoughtKit } from '../../test/deepthought-kit';
import { MALFORMED_X_TOKEN } from './deepthought.service';
import { PREMIUM_REQUIRED } from './premium-gate';

const dt = deepThoughtKit();
const { get, post, givePremium, xTokensFor } = dt;

describe('Deep Thought accounts', () => {
  let account: XAccount;

  it('connects the X account behind a sign-in with X, and refuses a made-up token', async () => {
    const tokens = await xTokensFor(dt.me);
    const connected = await post<XAccount>('/api/external/deepthought/accounts/', tokens);
    expect(connected.status).toBe(200);
    account = connected.body;
    expect(account).toMatchObject({
      username: dt.net.accounts.handles[dt.me],
      selected: true,
      synced_at: null,
    });
    const bad = await post('/api/external/deepthought/accounts/', {
      access_token: 'x',
      access_token_secret: 'y',
    });
    expect(bad.status).toBe(400);
    // What cannot be an X user token (a username, text with spaces) is refused before X is asked,
    // with a message that says what is wrong — never "X cannot be reached".
    for (const malformed of [
      { access_token: '@ann_example', access_token_secret: 'secret' },
      { access_token: 'ユーザー名', access_token_secret: 'secret' },
      { access_token: '12345-abc', access_token_secret: 'not a secret\n' },
    ]) {
      expect(await post('/api/external/deepthought/accounts/', malformed), JSON.stringify(malformed)).toEqual(
        {
          status: 400,
          body: { non_field_errors: [MALFORMED_X_TOKEN] },
        },
      );
    }
    // A token of the right shape that X does not know: X's refusal is the caller's bad input, a 400.
    expect(
      await post('/api/external/deepthought/accounts/', {
        access_token: '12345-NotAToken',
        access_token_secret: 'NotASecret',
      }),
    ).toEqual({
      status: 400,
      body: { non_field_errors: ['X did not accept this sign-in. Please sign in with X again.'] },
    });
    const listed = await get<XAccount[]>('/api/external/deepthought/accounts/');
    expect(listed.body.map((a) => a.id)).toEqual([account.id]);
  });

  it('needs premium beyond the dashboard, and says so', async () => {
    const gated = await get<{ detail: string }>('/api/external/deepthought/followers/');
    expect(gated).toEqual({ status: 402, body: { detail: PREMIUM_REQUIRED } });
    expect((await get('/api/external/deepthought/stats/')).status).toBe(200);
    // Without premium the suite starts no sync by itself; with it, a never-synced account is due.
    const due = async () => (await get<DtStatus>('/api/external/deepthought/status/')).body.sync_due;
    expect(await due()).toBe(false);
    await givePremium(dt.ann.user.id);
    expect((await get('/api/external/deepthought/followers/')).status).toBe(200);
    expect(await due()).toBe(true);
  });
});
