import { isPending, type ChatAddress, type ConversationWire, type MessageWire } from '@kindred/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { accountKeys } from '../api/account';
import { giftKeys } from '../api/gifts';
import { mailKeys } from '../api/mail';
import { noticeKeys } from '../api/notices';
import { useSession } from '../state/session';
import { unreadTotal, type PendingMessage } from './chat-reducer';
import { onChatSignal, useChat, type ChatSignal } from './chat-store';
import { playMessageSound } from './sound';

/**
 * Keeps the live connection up while a member who may chat is signed in, and turns the server's
 * signals into cache refreshes. Each interface mounts it once, in its signed-in layout.
 */
export function useChatLifecycle(): void {
  const token = useSession((s) => s.token);
  const uid = useSession((s) => s.user?.id);
  const pending = useSession((s) => (s.user ? isPending(s.user) : false));
  const qc = useQueryClient();

  useEffect(() => {
    if (!token || !uid || pending) return;
    useChat.getState().connect({ uid, token });
    // Sign-out (or another member signing in) ends this connection; the chat state goes with it.
    return () => useChat.getState().disconnect();
  }, [token, uid, pending]);

  useEffect(
    () =>
      onChatSignal((signal) => {
        if (signal.type === 'sound') playMessageSound();
        else if (signal.type === 'notice') {
          void qc.invalidateQueries({ queryKey: noticeKeys.all });
          void qc.invalidateQueries({ queryKey: giftKeys.received() });
        }
        else if (signal.type === 'mail') void qc.invalidateQueries({ queryKey: mailKeys.all });
        else if (signal.type === 'selfVisibility') {
          const user = useSession.getState().user;
          if (user && user.is_yin !== signal.is_yin) useSession.getState().setUser({ ...user, is_yin: signal.is_yin });
          void qc.invalidateQueries({ queryKey: accountKeys.all });
        } else if (signal.type === 'refused' && signal.error === 'unauthorized') useSession.getState().clear();
      }),
    [qc],
  );
}

/** Refusals and other signals for a screen to show (toast, upgrade redirect after 1.5 s). */
export function useChatSignals(handler: (signal: ChatSignal) => void): void {
  useEffect(() => onChatSignal(handler), [handler]);
}

export const useChatStatus = () => useChat((s) => s.status);

/** The chat list, most recent first, filtered by a name when one is typed. */
export function useContacts(search = ''): { contacts: ConversationWire[]; synced: boolean } {
  const contacts = useChat((s) => s.contacts);
  const synced = useChat((s) => s.synced);
  const needle = search.trim().toLowerCase();
  const filtered = useMemo(() => (needle ? contacts.filter((c) => c.username.toLowerCase().includes(needle)) : contacts), [contacts, needle]);
  return { contacts: filtered, synced };
}

export const useContact = (uid: number) => useChat((s) => s.contacts.find((c) => c.uid === uid));

/** Unread messages over all conversations, capped at 99 for the badge. */
export const useUnreadChats = () => useChat((s) => unreadTotal(s.contacts));

export type ChatLine = { kind: 'stored'; message: MessageWire } | { kind: 'pending'; message: PendingMessage };

/**
 * One conversation while it is on screen: stored messages then the member's pending ones, and the
 * calls a conversation view needs. Opening marks it read; it stays read while shown.
 */
export function useConversation(uid: number, address: ChatAddress) {
  const view = useChat((s) => s.view);
  const state = useChat((s) => s.conversations[uid]);
  const pendingAll = useChat((s) => s.pending);

  useEffect(() => (uid > 0 ? view(uid, address) : undefined), [uid, address, view]);

  const lines = useMemo<ChatLine[]>(() => {
    const stored: ChatLine[] = (state?.messages ?? []).map((message) => ({ kind: 'stored', message }));
    const pending: ChatLine[] = Object.values(pendingAll)
      .filter((p) => p.uid === uid)
      .sort((a, b) => a.ndate - b.ndate)
      .map((message) => ({ kind: 'pending', message }));
    return [...stored, ...pending];
  }, [state, pendingAll, uid]);

  const actions = useChat.getState();
  return {
    lines,
    loaded: state?.loaded ?? false,
    more: state?.more ?? false,
    sendText: (content: string) => actions.send(uid, { type: 'text', content }),
    sendImage: (img: string) => actions.send(uid, { type: 'img', img }),
    retry: actions.retry,
    loadHistory: () => actions.loadHistory(uid),
    remove: () => actions.remove(uid),
  };
}
