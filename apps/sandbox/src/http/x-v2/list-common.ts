import { liveLists } from '../../history/live-lists';
import type { XCall } from './context';
import { ID_PATTERN, matching } from './common';
import { PartialError, forbidden, invalidParameter, notFoundError } from './problems';

export const LIST_READ = { appOnly: true, scopes: ['tweet.read', 'users.read', 'list.read'] };
export const LIST_WRITE = { appOnly: false, scopes: ['tweet.read', 'users.read', 'list.write'] };

/** Private lists are visible to their owner only. */
export function visibleTo(call: XCall, l: number): boolean {
  const list = liveLists(call.ctx.net).get(l);
  return !list.private || (call.caller.kind === 'user' && call.caller.account === list.owner);
}

/** The list named by the :id path parameter; unknown or invisible lists are X's not-found. */
export function listParam(call: XCall): number {
  const id = matching('id', call.params.id, ID_PATTERN);
  const l = liveLists(call.ctx.net).byId(id);
  if (l < 0 || !visibleTo(call, l)) throw new PartialError([notFoundError('list', 'id', id)]);
  return l;
}

/** A list the caller owns, for the write endpoints. */
export function ownedList(call: XCall, action: string): number {
  const l = listParam(call);
  if (call.caller.kind !== 'user' || liveLists(call.ctx.net).get(l).owner !== call.caller.account)
    throw forbidden(`You are not allowed to ${action} this List.`);
  return l;
}

/** A body value as X echoes it in errors. */
const shown = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** name, description and private from a JSON (or form) body, checked against X's limits. */
export function listFields(
  call: XCall,
  requireName: boolean,
): { name?: string; description?: string; private?: boolean } {
  const out: { name?: string; description?: string; private?: boolean } = {};
  const { name, description } = call.body;
  if (name !== undefined || requireName) {
    if (typeof name !== 'string' || name.trim().length < 1 || [...name].length > 25)
      throw invalidParameter('name', shown(name), 'The `name` field must be a string of 1 to 25 characters');
    out.name = name;
  }
  if (description !== undefined) {
    if (typeof description !== 'string' || [...description].length > 100)
      throw invalidParameter(
        'description',
        shown(description),
        'The `description` field must be at most 100 characters',
      );
    out.description = description;
  }
  const raw = call.body.private;
  if (raw !== undefined) {
    if (raw !== true && raw !== false && raw !== 'true' && raw !== 'false')
      throw invalidParameter('private', shown(raw), 'The `private` field must be a boolean');
    out.private = raw === true || raw === 'true';
  }
  return out;
}
