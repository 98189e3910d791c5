import { AccountFlag } from '../../model/accounts';
import { accountByHandle, accountById } from '../shared/lookup';
import type { XCall } from './context';
import type { Page } from './pagination';
import { PartialError, forbidden, invalidParameter, notFoundError } from './problems';
import type { ViewContext } from './views/user';

export const ID_PATTERN = /^[0-9]{1,19}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{1,15}$/;

export const viewOf = (call: XCall): ViewContext => ({
  net: call.ctx.net,
  origin: call.origin,
  viewer: call.caller.kind === 'user' ? call.caller.account : -1,
});

/** Checks a value against X's pattern for the parameter, answering X's 400 when it does not match. */
export function matching(name: string, value: string | undefined, pattern: RegExp): string {
  const given = value ?? '';
  if (!pattern.test(given))
    throw invalidParameter(
      name,
      given,
      `The \`${name}\` query parameter value [${given}] does not match ${pattern.source}`,
    );
  return given;
}

/** The account a path parameter names by id; a well-formed unknown id is X's "200 with errors". */
export function userParam(call: XCall, name: string): number {
  const id = matching(name, call.params[name], ID_PATTERN);
  const account = accountById(call.ctx.net, id);
  if (account < 0) throw new PartialError([notFoundError('user', name, id)]);
  return account;
}

export function userByName(call: XCall, username: string): number {
  return accountByHandle(call.ctx.net, username);
}

/** Protected accounts show their posts only to themselves and their followers. */
export function canSee(call: XCall, account: number): boolean {
  if (!(call.ctx.net.accounts.flags[account]! & AccountFlag.protected)) return true;
  if (call.caller.kind !== 'user') return false;
  return call.caller.account === account || call.ctx.net.graph.follows(call.caller.account, account);
}

/** Write endpoints act for the authenticated user only: the path's user id must be theirs. */
export function actingUser(call: XCall, name: string): number {
  const account = userParam(call, name);
  if (call.caller.kind !== 'user' || call.caller.account !== account)
    throw forbidden(`You can only act on behalf of the authenticated user; \`${name}\` must be their id.`);
  return account;
}

export function pageMeta<T>(page: Page<T>): Record<string, unknown> {
  const meta: Record<string, unknown> = { result_count: page.items.length };
  if (page.next) meta.next_token = page.next;
  if (page.previous) meta.previous_token = page.previous;
  return meta;
}

/** The JSON body's string field (X's write endpoints take JSON; some clients send forms). */
export function bodyString(call: XCall, name: string): string | undefined {
  const value = call.body[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}
