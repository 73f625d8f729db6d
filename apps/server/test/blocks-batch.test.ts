import { describe, expect, test } from 'vitest';
import type { Db } from '../src/db/database.js';
import { BlocksService } from '../src/modules/blocks/blocks.service.js';
import type { BlocksRepository } from '../src/modules/blocks/blocks.repository.js';
import type { UsersRepository } from '../src/modules/users/users.repository.js';

/** A repository that records the pairs it is asked about and answers the given blocks. */
function serviceWith(blocks: { blocker_id: number; blocked_id: number }[]) {
  const asked: (readonly [number, number])[][] = [];
  const repository = {
    among: async (pairs: readonly (readonly [number, number])[]) => {
      asked.push([...pairs]);
      return blocks;
    },
  } as unknown as BlocksRepository;
  return { service: new BlocksService({} as Db, repository, {} as UsersRepository), asked };
}

describe('a chat batch checked for blocks', () => {
  test('asks about each pair of members once, whichever of them sent and however many messages', async () => {
    const { service, asked } = serviceWith([]);
    await service.assertNoneBlocked([[1, 2], [2, 1], [1, 2], [3, 4], [1, 2], [4, 3]]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(2);
    expect(asked[0]!.map(([a, b]) => [Math.min(a, b), Math.max(a, b)])).toEqual([[1, 2], [3, 4]]);
  });

  test('still names the first refused message of the batch, in the batch order', async () => {
    const { service } = serviceWith([{ blocker_id: 4, blocked_id: 3 }]);
    // 3 → 4 comes first: 3 was blocked by 4.
    await expect(service.assertNoneBlocked([[1, 2], [3, 4], [4, 3]])).rejects.toMatchObject({ id: 'blocked_by_member' });
    await expect(service.assertNoneBlocked([[4, 3], [3, 4]])).rejects.toMatchObject({ id: 'member_blocked' });
  });
});
