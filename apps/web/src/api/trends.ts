import { hisTrends, myTrends, trendDelete, trendFeed, trendRelease, type ReleaseTrendBody, type TrendPageWire, type TrendWire } from '@kindred/protocol';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { accountKeys } from './account';
import { call } from './client';
import { retryUnanswered } from './retry';
import { memberKeys } from './members';

/** Whose trends: everyone's feed, one member's (his_trend), or the viewer's own (my_trend). */
export type TrendSource = { kind: 'feed' } | { kind: 'member'; userid: number } | { kind: 'mine' };

export const trendKeys = {
  all: ['trends'] as const,
  list: (source: TrendSource) => [...trendKeys.all, source] as const,
};

/** One page of a list, older than `before` (the first page without it); each source is its own call. */
function trendPage(source: TrendSource, before: number | undefined): Promise<TrendPageWire> {
  switch (source.kind) {
    case 'feed':
      return call(trendFeed, { before });
    case 'member':
      return call(hisTrends, { userid: source.userid, before });
    case 'mine':
      return call(myTrends, { before });
  }
}

/** Every trend of the loaded pages, newest first as the server sent them. */
export const flattenTrends = (data: InfiniteData<TrendPageWire> | undefined): TrendWire[] => (data?.pages ?? []).flatMap((p) => p.data);

/** A trend list paged with `before` (stays correct while new trends arrive); hasNextPage follows has_more. */
export function useTrendsInfiniteQuery(source: TrendSource, { enabled = true }: { enabled?: boolean } = {}) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: trendKeys.list(source),
    queryFn: ({ pageParam }) => trendPage(source, pageParam || undefined),
    initialPageParam: 0,
    getNextPageParam: (last: TrendPageWire) => (last.has_more && last.next_before ? last.next_before : undefined),
    enabled: Boolean(token) && enabled,
    staleTime: 30_000,
    retry: retryUnanswered,
  });
}

/** Posts a trend (`{ content, img }`, at least one; img from useUploadMutation with dir 'dynamic'); feeds refetch. */
export function useReleaseTrendMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ReleaseTrendBody>) => call(trendRelease, { content: body.content?.trim() ?? '', img: body.img ?? '' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: trendKeys.all });
      void qc.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}

/** Deletes one of the viewer's own trends (`mutate(trendId)`): it leaves every cached feed at once. */
export function useDeleteTrendMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(trendDelete, { id }),
    onSuccess: (_data, id) => {
      qc.setQueriesData<InfiniteData<TrendPageWire>>({ queryKey: trendKeys.all }, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.filter((t) => t.id !== id) })) } : old,
      );
      void qc.invalidateQueries({ queryKey: trendKeys.all });
      void qc.invalidateQueries({ queryKey: accountKeys.me() });
      void qc.invalidateQueries({ queryKey: memberKeys.all, refetchType: 'none' });
    },
  });
}
