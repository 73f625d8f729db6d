import {
  memberDetail,
  memberList,
  memberWall,
  newOppositeSexList,
  onlineList,
  oppositeSexSearch,
  recommendList,
  type MemberCardWire,
  type MemberDetailWire,
  type MemberListType,
  type MemberPageWire,
} from '@kindred/protocol';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { ApiError, call } from './client';
import { retryUnanswered } from './retry';

/**
 * Which member list to page through (docs/product-rules.md §3, §7):
 * - `userlist`: the filterable list (`type` all|online|latest|…, `vip`, `username` needs Search_users);
 * - `online`, `latest` (newest members of the opposite sex), `recommend`: the fixed lists;
 * - `search`: the desktop's search of the opposite sex by username (trimmed, must not be empty).
 */
export type MemberListSource =
  | { kind: 'userlist'; type?: MemberListType; vip?: 0 | 1 | 2; username?: string }
  | { kind: 'online' }
  | { kind: 'latest' }
  | { kind: 'recommend' }
  | { kind: 'search'; username: string };

/** One page of a list: each source is its own call. */
function memberPage(source: MemberListSource, page: number): Promise<MemberPageWire> {
  switch (source.kind) {
    case 'userlist': {
      const { kind: _kind, ...filters } = source;
      return call(memberList, { ...filters, page });
    }
    case 'online':
      return call(onlineList, { page });
    case 'latest':
      return call(newOppositeSexList, { page });
    case 'recommend':
      return call(recommendList, { page });
    case 'search':
      return call(oppositeSexSearch, { username: source.username, page });
  }
}

export const memberKeys = {
  all: ['members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  list: (source: MemberListSource) => [...memberKeys.lists(), source] as const,
  wall: () => [...memberKeys.all, 'wall'] as const,
  detail: (id: number) => [...memberKeys.all, 'detail', id] as const,
};

/** True when a call failed because free members get only the first page ("Need to upgrade~", -5). */
export const isNeedUpgrade = (error: unknown) => error instanceof ApiError && error.id === 'need_upgrade';

/** True when a search found nobody ("No users found"): screens clear the list and say so. */
export const isNoUsersFound = (error: unknown) => error instanceof ApiError && error.id === 'no_users_found';

/** The page after `last`, or undefined at last_page (the "click for more" button then hides). */
export const nextMemberPage = (last: MemberPageWire) => (last.page < last.last_page ? last.page + 1 : undefined);

/** Every member of the loaded pages, in order, once each (a member may move between pages). */
export function flattenMembers(data: InfiniteData<MemberPageWire> | undefined): MemberCardWire[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.data).filter((m) => !seen.has(m.id) && Boolean(seen.add(m.id)));
}

/** A member list paged by "click for more"; page 2+ of a free member fails with isNeedUpgrade. */
export function useMemberListInfiniteQuery(source: MemberListSource, { enabled = true }: { enabled?: boolean } = {}) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: memberKeys.list(source),
    queryFn: ({ pageParam }) => memberPage(source, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextMemberPage,
    enabled: Boolean(token) && enabled,
    staleTime: 30_000,
    retry: retryUnanswered,
  });
}

/** The desktop home's rotating wall of members (one page of LIMITS.memberWallSize). */
export function useMemberWallQuery() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: memberKeys.wall(),
    queryFn: () => call(memberWall).then((p) => p.data),
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: retryUnanswered,
  });
}

/** Another member's profile (needs View_profiles); "user does not exist" is an ApiError. */
export function useMemberDetailQuery(id: number | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: memberKeys.detail(id ?? 0),
    queryFn: () => call(memberDetail, { id: id! }),
    enabled: Boolean(token) && id != null && id > 0,
    staleTime: 30_000,
    retry: retryUnanswered,
  });
}

type MemberLike = Pick<MemberCardWire, 'id'>;

/** Applies `patch` to member `id` wherever it sits in a cached value: a detail, a page, pages, a list. */
function patchIn<T>(value: T, id: number, patch: (m: MemberDetailWire) => Partial<MemberDetailWire>): T {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const patched = patchIn(item, id, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : value) as T;
  }
  const record = value as Record<string, unknown>;
  if ('pages' in record && Array.isArray(record.pages)) {
    const pages = patchIn(record.pages, id, patch);
    return (pages === record.pages ? value : { ...record, pages }) as T;
  }
  if ('data' in record && Array.isArray(record.data)) {
    const data = patchIn(record.data, id, patch);
    return (data === record.data ? value : { ...record, data }) as T;
  }
  if ((record as unknown as MemberLike).id === id && 'username' in record) return { ...record, ...patch(record as unknown as MemberDetailWire) } as T;
  return value;
}

/** Updates one member in every cached member list, like list, wall and profile (e.g. after a follow). */
export function patchMemberEverywhere(qc: QueryClient, id: number, patch: (m: MemberDetailWire) => Partial<MemberDetailWire>): void {
  for (const queryKey of [memberKeys.all, ['likes']]) {
    qc.setQueriesData({ queryKey }, (old: unknown) => patchIn(old, id, patch));
  }
}
