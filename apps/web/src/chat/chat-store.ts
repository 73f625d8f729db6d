import { KIND, OPT, type ChatAddress, type ServerMessage } from '@kindred/protocol';
import { create } from 'zustand';
import {
  addPending,
  emptyChatState,
  markReadLocally,
  reduceChat,
  retryPending,
  type ChatEffect,
  type ChatState,
  type PendingMessage,
} from './chat-reducer';
import { ChatConnection, socketUrl, type ChatStatus, type SocketLike } from './connection';

/** Something the interface shows or does in answer to the server (toasts, sounds, cache refreshes). */
export type ChatSignal = Exclude<ChatEffect, { type: 'markRead' } | { type: 'resync' } | { type: 'resendPending' } | { type: 'announceAgain' }>;

interface ChatStore extends ChatState {
  status: ChatStatus;
  /** Conversations on screen, counted: the chat page and a dock window may show the same one. */
  viewing: Record<number, number>;
  connect(input: { uid: number; token: string; createSocket?: (url: string) => SocketLike; url?: string }): void;
  disconnect(): void;
  /** Shows a conversation: opens it on the server (opt 0) and keeps it read while on screen. */
  view(uid: number, address: ChatAddress): () => void;
  /** Writes a message; it shows at once as pending and is sent until the server stores it. */
  send(uid: number, message: { type: 'text'; content: string } | { type: 'img'; img: string }): string;
  retry(clientId: string): void;
  /** Older messages than the oldest on screen (opt 3). */
  loadHistory(uid: number): void;
  /** Deletes the conversation for this member only (opt 5). */
  remove(uid: number): void;
  /** Women only: online (1) or invisible (0); without a value the server toggles. */
  setVisibility(isYin?: 0 | 1): void;
  /** A block with `uid` was lifted: its refusal goes, the chat list is asked for again, an open conversation reopens. */
  unblocked(uid: number): void;
}

const listeners = new Set<(signal: ChatSignal) => void>();

/** Subscribes to the chat's signals; answers the unsubscribe. */
export function onChatSignal(listener: (signal: ChatSignal) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let connection: ChatConnection | null = null;
let clientSeq = 0;
/** Where each conversation on screen was opened from, to open it the same way after a reconnect. */
const openedFrom = new Map<number, ChatAddress>();

/** Unique per browser tab and message; the server keeps one stored copy per (sender, client_id). */
function newClientId(): string {
  clientSeq += 1;
  return `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}.${clientSeq}`;
}

export const useChat = create<ChatStore>((set, get) => {
  const openSet = () => new Set(Object.keys(get().viewing).map(Number));

  function sendMessage(p: PendingMessage) {
    connection?.send({ opt: OPT.send, uid: p.uid, client_id: p.client_id, type: p.type, content: p.content, img: p.img });
  }

  function sendPending(clientId: string) {
    const p = get().pending[clientId];
    if (p && !p.failed) sendMessage(p);
  }

  function run(effects: ChatEffect[]) {
    for (const effect of effects) {
      switch (effect.type) {
        case 'markRead':
          connection?.send({ opt: OPT.read, uid: effect.uid });
          break;
        case 'resync':
          // A message from someone not in the list: a fresh init answers the list with them in it.
          connection?.send({ opt: OPT.init, uid: get().me ?? 0, last_id: get().lastId });
          break;
        case 'resendPending':
          for (const id of Object.keys(get().pending)) sendPending(id);
          break;
        case 'announceAgain':
          for (const p of effect.messages) sendMessage(p);
          break;
        default:
          for (const listener of listeners) listener(effect);
      }
    }
  }

  function receive(msg: ServerMessage) {
    const { state, effects } = reduceChat(get(), msg, openSet());
    set(state);
    run(effects);
  }

  return {
    ...emptyChatState(),
    status: 'idle',
    viewing: {},
    connect({ uid, token, createSocket, url }) {
      if (connection && get().me === uid && connection.state !== 'closed') return;
      connection?.stop();
      // What this member wrote before the connection started (a chat page opened straight away:
      // the connection waits for the page's first data) stays pending and is sent at its kind 0.
      // Another member's pending messages are never carried over.
      const mine = get().me === null || get().me === uid;
      set({ ...emptyChatState(uid), viewing: get().viewing, ...(mine ? { pending: get().pending } : {}) });
      connection = new ChatConnection({
        url: url ?? socketUrl(),
        uid,
        token,
        lastId: () => get().lastId,
        onMessage: receive,
        onStatus: (status) => {
          set({ status });
          // Conversations on screen are opened again after a reconnect, to catch up their pages.
          if (status === 'open') {
            for (const id of Object.keys(get().viewing)) {
              const uid = Number(id);
              connection?.send({ opt: OPT.open, uid, address: openedFrom.get(uid) ?? 'window' });
            }
          }
        },
        onUnauthorized: () => listeners.forEach((l) => l({ type: 'refused', kind: KIND.error, error: 'unauthorized', msg: 'unauthorized' })),
        createSocket,
      });
      connection.start();
    },
    disconnect() {
      connection?.stop();
      connection = null;
      set({ ...emptyChatState(), status: 'idle', viewing: {} });
    },
    view(uid, address) {
      set((s) => ({ viewing: { ...s.viewing, [uid]: (s.viewing[uid] ?? 0) + 1 } }));
      set((s) => markReadLocally(s, uid));
      openedFrom.set(uid, address);
      connection?.send({ opt: OPT.open, uid, address });
      return () =>
        set((s) => {
          const viewing = { ...s.viewing };
          if ((viewing[uid] ?? 0) <= 1) {
            delete viewing[uid];
            openedFrom.delete(uid);
          }
          else viewing[uid] = viewing[uid]! - 1;
          return { viewing };
        });
    },
    send(uid, message) {
      const clientId = newClientId();
      set((s) =>
        addPending(s, {
          client_id: clientId,
          uid,
          type: message.type,
          content: message.type === 'text' ? message.content : '',
          img: message.type === 'img' ? message.img : '',
          ndate: Date.now(),
        }),
      );
      sendPending(clientId);
      return clientId;
    },
    retry(clientId) {
      set((s) => retryPending(s, clientId));
      sendPending(clientId);
    },
    loadHistory(uid) {
      const oldest = get().conversations[uid]?.messages[0];
      connection?.send({ opt: OPT.history, uid, ...(oldest ? { before_id: oldest.id } : {}) });
    },
    remove(uid) {
      connection?.send({ opt: OPT.delete, uid });
    },
    setVisibility(isYin) {
      connection?.send({ opt: OPT.visibility, ...(isYin === undefined ? {} : { is_yin: isYin }) });
    },
    unblocked(uid) {
      set((s) => {
        const refusals = { ...s.refusals };
        delete refusals[uid];
        return { refusals };
      });
      connection?.send({ opt: OPT.init, uid: get().me ?? 0, last_id: get().lastId });
      if (get().viewing[uid]) connection?.send({ opt: OPT.open, uid, address: openedFrom.get(uid) ?? 'window' });
    },
  };
});

/** Back online: reconnect now rather than at the end of the backoff. */
if (typeof window !== 'undefined') window.addEventListener('online', () => connection?.retryNow());
