import { blockAdd, blockList, blockRemove, type BlockedPageWire } from '@kindred/protocol';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useChat } from '../chat/chat-store';
import { useSession } from '../state/session';
import { call } from './client';
import { likeKeys } from './likes';
import { mailKeys } from './mail';
import { memberKeys } from './members';
import { photoKeys } from './photos';
import { retryUnanswered } from './retry';
import { trendKeys } from './trends';

/** Blocking (docs/product-rules.md, "Blocking"): the members I blocked, and block / unblock. */
export const blockKeys = {
  all: ['blocks'] as const,
  list: () => [...blockKeys.all, 'list'] as const,
};

const nextPage = (last: BlockedPageWire) => (last.page < last.last_page ? last.page + 1 : undefined);

/** The "blocked members" screen: newest block first, paged by "more". */
export function useBlockedListInfiniteQuery() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: blockKeys.list(),
    queryFn: ({ pageParam }) => call(blockList, { page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(token),
    retry: retryUnanswered,
  });
}

/**
 * A block changes what every list, profile, feed and inbox holds (both members vanish from each
 * other's), so those caches are refetched when next shown; the blocked list now.
 */
function afterBlockChange(qc: QueryClient): void {
  for (const queryKey of [memberKeys.all, likeKeys.all, trendKeys.all, photoKeys.all, mailKeys.all]) void qc.invalidateQueries({ queryKey });
  void qc.invalidateQueries({ queryKey: blockKeys.all });
}

/** Blocks a member (`mutate(memberId)`); the server takes the conversation off the chat list (kind 6). */
export function useBlockMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userid: number) => call(blockAdd, { userid }),
    onSuccess: () => afterBlockChange(qc),
  });
}

/** Lifts a block; the chat list is asked for again so the conversation comes back. */
export function useUnblockMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userid: number) => call(blockRemove, { userid }),
    onSuccess: (_data, userid) => {
      afterBlockChange(qc);
      useChat.getState().unblocked(userid);
    },
  });
}
