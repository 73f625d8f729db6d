import { mailList, mailOpen, mailSend, type MailListWire, type MailWire } from '@kindred/protocol';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';
import { ApiError, call } from './client';
import { useErrorText } from './errors';
import { retryUnanswered } from './retry';

/**
 * Short mails (docs/product-rules.md §3-§8). The live connection invalidates `mailKeys.all` when a mail
 * arrives (socket kind 12), which refreshes the inbox and the unread counter together.
 */
export const mailKeys = {
  all: ['mail'] as const,
  inbox: () => [...mailKeys.all, 'inbox'] as const,
  unread: () => [...mailKeys.all, 'unread'] as const,
};

const PAGE_SIZE = 20;

type Inbox = InfiniteData<MailListWire>;

/** Every mail of the loaded pages, newest first, once each (a new mail shifts the pages by one). */
export function flattenMails(data: Inbox | undefined): MailWire[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) => p.data).filter((m) => !seen.has(m.eid) && Boolean(seen.add(m.eid)));
}

/** The unread count the server sent with the newest page. */
export const unreadOf = (data: Inbox | undefined): number => data?.pages[0]?.unread ?? 0;

/**
 * The member's inbox, newest first, paged by "click for more". A mail with `locked` 1 comes
 * without its text: a free member may open only the support account's mails (docs/product-rules.md §6).
 */
export function useMailListInfiniteQuery() {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: mailKeys.inbox(),
    queryFn: ({ pageParam }) => call(mailList, { page: pageParam, limit: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: MailListWire) => (last.page < last.last_page ? last.page + 1 : undefined),
    enabled: Boolean(token),
    staleTime: 15_000,
    retry: retryUnanswered,
  });
}

/** Unread mails only, for badges: one tiny page whose `unread` is the count. */
export function useUnreadMailCountQuery() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: mailKeys.unread(),
    queryFn: () => call(mailList, { page: 1, limit: 1, type: 0 }).then((p) => p.unread),
    enabled: Boolean(token),
    staleTime: 30_000,
    retry: retryUnanswered,
  });
}

/** True when opening this mail needs a paid membership (the server withheld its text). */
export const isLockedMail = (mail: Pick<MailWire, 'locked'>) => mail.locked === 1;

/** docs/product-rules.md §8: -1 and -2 both say "User does not exist" (unknown, or cannot receive mail). */
export const isUnknownRecipient = (error: unknown) =>
  error instanceof ApiError && (error.id === 'user_not_found' || error.id === 'recipient_unavailable');

/** What a free member was refused, so the upgrade offer names its own reason (issue 13). */
export type MailUpgradeReason = 'read' | 'send';

/** Writing again without Continue_mail_dialog, or opening a locked mail: "Need to upgrade~". */
export const isMailNeedUpgrade = (error: unknown) => error instanceof ApiError && error.id === 'need_upgrade';

/** Text for a failed send: "User does not exist", else the mapped error or the screen's "Send Failed". */
export function useSendMailErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (error: unknown, fallbackKey: string) => (isUnknownRecipient(error) ? t('errors.user_not_found') : errorText(error, fallbackKey));
}

/** Sends a mail: `email` is the recipient's username or e-mail address, `content` at most 50 characters. */
export function useSendMailMutation() {
  return useMutation({
    mutationFn: ({ email, content }: { email: string; content: string }) =>
      call(mailSend, { email: email.trim(), content: content.trim() }),
  });
}

function patchInbox(qc: QueryClient, eid: number, patch: (m: MailWire) => MailWire, unreadDelta: number) {
  qc.setQueryData<Inbox>(mailKeys.inbox(), (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, unread: Math.max(0, p.unread + unreadDelta), data: p.data.map((m) => (m.eid === eid ? patch(m) : m)) })) } : old,
  );
  qc.setQueryData<number>(mailKeys.unread(), (n) => (n == null ? n : Math.max(0, n + unreadDelta)));
}

/**
 * Opens a mail (`mutate(eid)`): unread 0 becomes read 1 in the cache at once; the server's answer
 * (the whole text) then replaces the row, and a failure puts the row back as it was.
 */
export function useReadMailMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eid: number) => call(mailOpen, { id: eid }),
    onMutate: async (eid) => {
      await qc.cancelQueries({ queryKey: mailKeys.all });
      const before = { inbox: qc.getQueryData<Inbox>(mailKeys.inbox()), unread: qc.getQueryData<number>(mailKeys.unread()) };
      const wasUnread = flattenMails(before.inbox).some((m) => m.eid === eid && m.type === 0);
      if (wasUnread) patchInbox(qc, eid, (m) => ({ ...m, type: 1 }), -1);
      return before;
    },
    onSuccess: (mail) => patchInbox(qc, mail.eid, (m) => ({ ...m, ...mail, type: 1 }), 0),
    onError: (_error, _eid, before) => {
      if (before) {
        qc.setQueryData(mailKeys.inbox(), before.inbox);
        qc.setQueryData(mailKeys.unread(), before.unread);
      }
      void qc.invalidateQueries({ queryKey: mailKeys.all });
    },
  });
}
