import { seal, unseal } from '../../lib/crypto';
import type { DtAccountRow } from './deepthought.repository';
import type { XUserApi, XUserSession, XUserTokens } from '../../integrations/x';

/** A connected account's OAuth 1.0a user token is kept sealed (lib/crypto.ts) for this purpose only. */
const TOKEN_PURPOSE = 'deepthought-x-token';

export const sealTokens = (secret: string, tokens: XUserTokens): string =>
  seal(secret, TOKEN_PURPOSE, JSON.stringify(tokens));

/** X API v2 as the account's owner, with the token sealed when they connected it. */
export const sessionOf =
  (xApi: XUserApi, secret: string) =>
  (account: DtAccountRow): XUserSession =>
    xApi.as(JSON.parse(unseal(secret, TOKEN_PURPOSE, account.sealedTokens)) as XUserTokens);
