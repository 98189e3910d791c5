import type { PatchXList, SaveXList, XList, XListMembersChange } from '@murmur/core/api';
import { BadRequest, NotFound, ServiceUnavailable } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { DeepThoughtRepository, DtAccountRow } from './deepthought.repository';
import { presentList, presentUser } from './presenters';
import { XError, type XUserSession } from '../../integrations/x';

/** One write to X on the user's behalf; X's refusals become SPEC §8 errors (never a 500). */
async function xWrite<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof XError) {
      if (error.rateLimited)
        throw new ServiceUnavailable('X’s rate limit for this action is reached. Please try again later.');
      if (error.status === 0)
        throw new ServiceUnavailable('X cannot be reached right now. Please try again later.');
      throw new BadRequest({ non_field_errors: ['X refused the request.'] });
    }
    throw error;
  }
}

/**
 * SPEC §7 /api/user/lists/: the selected account's X lists — changed on X first, then locally.
 * `account` resolves the caller's selected account (premium checked); a list id of another
 * account answers 404.
 */
export function xListActions(deps: {
  repo: DeepThoughtRepository;
  clock: Clock;
  session: (account: DtAccountRow) => XUserSession;
  account: (userId: number) => Promise<DtAccountRow>;
}) {
  const { repo, clock, session } = deps;

  async function listOf(account: DtAccountRow, id: number) {
    const list = await repo.listWithMembers(account.id, id);
    if (!list) throw new NotFound();
    return list;
  }

  const membersView = async (account: DtAccountRow, id: number) => ({
    list: presentList(await listOf(account, id)),
    members: (await repo.members(account.id, id)).map(presentUser),
  });

  return {
    async lists(userId: number): Promise<XList[]> {
      const account = await deps.account(userId);
      return (await repo.lists(account.id)).map(presentList);
    },

    async list(userId: number, id: number): Promise<XList> {
      return presentList(await listOf(await deps.account(userId), id));
    },

    async createList(userId: number, input: SaveXList): Promise<XList> {
      const account = await deps.account(userId);
      const values = {
        name: input.name,
        description: input.description ?? '',
        private: input.private ?? false,
      };
      const xListId = await xWrite(() => session(account).createList(values));
      const row = await repo.upsertList({ accountId: account.id, xListId, ...values, created: clock.now() });
      return presentList({ list: row, members: 0 });
    },

    async updateList(userId: number, id: number, input: PatchXList): Promise<XList> {
      const account = await deps.account(userId);
      const { list } = await listOf(account, id);
      const values = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      ) as PatchXList;
      if (Object.keys(values).length > 0)
        await xWrite(() => session(account).updateList(list.xListId, values));
      await repo.updateList(list.id, values);
      return presentList(await listOf(account, id));
    },

    async deleteList(userId: number, id: number): Promise<void> {
      const account = await deps.account(userId);
      const { list } = await listOf(account, id);
      await xWrite(() => session(account).deleteList(list.xListId));
      await repo.deleteList(list.id);
    },

    async members(userId: number, id: number) {
      return membersView(await deps.account(userId), id);
    },

    async changeMembers(userId: number, id: number, change: XListMembersChange) {
      const account = await deps.account(userId);
      const { list } = await listOf(account, id);
      const x = session(account);
      const add = [...new Set(change.add ?? [])];
      const remove = [...new Set(change.remove ?? [])];
      const known = new Set((await repo.usersByIds(account.id, add)).map((u) => u.xUserId));
      const unknown = add.filter((u) => !known.has(u));
      if (unknown.length > 0)
        throw new BadRequest({ add: [`Unknown accounts (sync first): ${unknown.slice(0, 5).join(', ')}`] });
      for (const u of add) {
        await xWrite(() => x.addMember(list.xListId, u));
        await repo.addMembers(list.id, [u]);
      }
      for (const u of remove) {
        await xWrite(() => x.removeMember(list.xListId, u));
        await repo.removeMembers(list.id, [u]);
      }
      return membersView(account, id);
    },
  };
}
