import { reportList, reportSubmit, type ReportPageWire } from '@kindred/protocol';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { call } from './client';
import { retryUnanswered } from './retry';

/** Reports (docs/product-rules.md, "Reports"): the server masks both lists before they leave it. */
export const reportKeys = {
  all: ['reports'] as const,
  /** 1: reports I made; 2: reports against me. */
  list: (type: ReportListType) => [...reportKeys.all, 'list', type] as const,
};

export type ReportListType = 1 | 2;

/** What the forms send: the phone form (e-mail and description required) or the desktop dialog (a type). */
export interface ReportInput {
  userid: number;
  type?: 1 | 2 | 3;
  email?: string;
  content?: string;
  img?: Blob;
}

export function useReportMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) => call(reportSubmit, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: reportKeys.list(1) }),
  });
}

/** One list, newest first, paged by "load more". */
export function useReportsInfiniteQuery(type: ReportListType) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: reportKeys.list(type),
    queryFn: ({ pageParam }) => call(reportList, { type, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: ReportPageWire) => (last.page < last.last_page ? last.page + 1 : undefined),
    enabled: Boolean(token),
    staleTime: 15_000,
    retry: retryUnanswered,
  });
}

export const reportsOf = (data: InfiniteData<ReportPageWire> | undefined) => (data?.pages ?? []).flatMap((page) => page.data);
