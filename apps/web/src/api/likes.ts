import { iLikeList, likeToggle, loveMeList, mutualLikeList } from '@kindred/protocol';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { call } from './client';
import { retryUnanswered } from './retry';
import { nextMemberPage, patchMemberEverywhere } from './members';

/** The like lists of docs/product-rules.md §7: my likes, who likes me, mutual likes. */
export type LikeList = 'i_like' | 'love_me' | 'mutual_like';

const LIST_CALLS = { i_like: iLikeList, love_me: loveMeList, mutual_like: mutualLikeList } as const;

export const likeKeys = {
  all: ['likes'] as const,
  list: (list: LikeList) => [...likeKeys.all, 'list', list] as const,
};

/** A like list paged like every member list (free members: first page only, see isNeedUpgrade). */
export function useLikeListInfiniteQuery(list: LikeList) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: likeKeys.list(list),
    queryFn: ({ pageParam }) => call(LIST_CALLS[list], { page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextMemberPage,
    enabled: Boolean(token),
    staleTime: 30_000,
    retry: retryUnanswered,
  });
}

/**
 * Follows or unfollows a member (`mutate(memberId)`). After the server's answer (docs/product-rules.md §4)
 * `is_like` and `likecount` change in every cached list and profile; like lists refetch when next shown.
 * `data.is_like` tells the screen whether to say "follow" or "cancel follow".
 */
export function useToggleLikeMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (targetId: number) => call(likeToggle, { target_id: targetId }),
    onSuccess: ({ is_like, likecount }, targetId) => {
      patchMemberEverywhere(qc, targetId, (m) => ('likecount' in m ? { is_like, likecount } : { is_like }));
      void qc.invalidateQueries({ queryKey: likeKeys.all, refetchType: 'none' });
    },
  });
}
