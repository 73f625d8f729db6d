import {
  giftCatalogue,
  giftGiving,
  receivedGifts,
  type GiftCategoryWire,
  type GiftGivenWire,
  type GiftGivingBody,
  type GiftWire,
  type Language,
  type ReceivedGiftPageWire,
  type UserWire,
} from '@kindred/protocol';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';
import { ApiError, call } from './client';
import { noticeKeys } from './notices';
import { retryUnanswered } from './retry';

/**
 * Gifts and the store (docs/product-rules.md §5), shared by /m and /w. The live connection
 * invalidates `giftKeys.received()` when a gift notice arrives (socket kind 11).
 */
export const giftKeys = {
  all: ['gifts'] as const,
  catalogue: () => [...giftKeys.all, 'catalogue'] as const,
  received: () => [...giftKeys.all, 'received'] as const,
};

/** The catalogue by category; it changes only when staff edit it, so it is kept for a while. */
export function useGiftCatalogueQuery() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: giftKeys.catalogue(),
    queryFn: () => call(giftCatalogue),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
    retry: retryUnanswered,
  });
}

/** The member's received gifts, newest first, a page at a time. */
export function useReceivedGiftsQuery() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: giftKeys.received(),
    queryFn: ({ pageParam }) => call(receivedGifts, { page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: ReceivedGiftPageWire) => (last.page < last.last_page ? last.page + 1 : undefined),
    enabled: Boolean(token),
    retry: retryUnanswered,
  });
}

export const flattenReceived = (data: InfiniteData<ReceivedGiftPageWire> | undefined) => (data?.pages ?? []).flatMap((p) => p.data);

/**
 * Sends one gift (number is always 1). On success the balance shown everywhere is the server's new
 * one; the gift's chat message reaches this member's open chats through the live connection.
 */
export function useSendGiftMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<GiftGivingBody, 'username' | 'giftid'> & { message?: string }) =>
      call(giftGiving, { username: input.username.trim(), message: input.message ?? '', number: 1, giftid: input.giftid }),
    onSuccess: (given: GiftGivenWire) => {
      const { user, setUser } = useSession.getState();
      if (user) setUser({ ...user, amount: given.amount } as UserWire);
      void qc.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}

/** "Insufficient Credits": the screens offer the recharge page with it. */
export const isInsufficientCredits = (error: unknown) => error instanceof ApiError && error.id === 'gift_insufficient_credits';

/** -1 and -2 both say "User does not exist" (docs/product-rules.md §8). */
export const isUnknownGiftRecipient = (error: unknown) => error instanceof ApiError && (error.id === 'user_not_found' || error.id === 'recipient_unavailable');

/** A gift's or category's name in the member's language (the spec's e/c/f suffixes). */
const SUFFIX: Record<Language, 'e' | 'c' | 'f'> = { en: 'e', 'zh-CN': 'c', 'zh-TW': 'f' };
const suffixOf = (lang: string) => SUFFIX[(lang in SUFFIX ? lang : 'en') as Language];

export function useGiftText() {
  const { i18n } = useTranslation();
  const s = suffixOf(i18n.language);
  return {
    title: (gift: GiftWire) => gift[`title${s}`],
    info: (gift: GiftWire) => gift[`info${s}`],
    category: (category: GiftCategoryWire) => category[`classify${s}`],
  };
}

/** Every gift of the catalogue by id and by picture (a gift message carries the picture). */
export function useGiftIndex() {
  const { data } = useGiftCatalogueQuery();
  const gifts = (data ?? []).flatMap((c) => c.list);
  return { byId: new Map(gifts.map((g) => [g.id, g])), byPath: new Map(gifts.map((g) => [g.path, g])), gifts };
}

/** Credits with two decimals, as prices and balances are shown. */
export const formatCredits = (credits: number) => credits.toFixed(2);
