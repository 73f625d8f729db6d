import { LIMITS, noticeList, noticeRead } from '@kindred/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { call } from './client';

export const noticeKeys = {
  all: ['notices'] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
};

export function useUnreadNoticesQuery() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: noticeKeys.unread(),
    queryFn: () => call(noticeList, { status: 0, limit: LIMITS.noticeDropdownSize }),
    enabled: Boolean(token),
    refetchInterval: 60_000,
  });
}

export function useReadNoticeMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(noticeRead, { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
