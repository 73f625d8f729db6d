import { KIND, LIMITS, OPT, type ConversationWire, type ErrorId, type MessageWire, type ServerMessage } from '@kindred/protocol';

/** A message the member wrote that the server has not acknowledged yet (kind 2 replaces it). */
export interface PendingMessage {
  client_id: string;
  uid: number;
  type: 'text' | 'img';
  content: string;
  img: string;
  /** Local time it was written, in ms; orders it after the stored messages. */
  ndate: number;
  /** Set when the server refused it (kinds 7, 8, 10); a failed message is not resent on reconnect. */
  failed?: { error: ErrorId; msg: string };
}

export interface ConversationState {
  /** Stored messages, oldest first, unique by id. */
  messages: MessageWire[];
  /** Older messages exist on the server (load them with opt 3). */
  more: boolean;
  /** The latest page has been fetched (opt 0 answered). */
  loaded: boolean;
}

export interface ChatState {
  me: number | null;
  /** The chat list, the most recent conversation first. */
  contacts: ConversationWire[];
  /** kind 0 arrived at least once: the list is the server's, not an empty placeholder. */
  synced: boolean;
  conversations: Record<number, ConversationState>;
  pending: Record<string, PendingMessage>;
  /** Newest stored message id this client holds: the init's last_id after a reconnect. */
  lastId: number;
  /**
   * Conversations the server refused to open or write in for a reason sending again cannot change
   * (kinds 7 and 8: no free chat left, upgrade needed), by member; the conversation says why once
   * and offers the upgrade instead of the input (issue 13). Cleared when the conversation opens.
   */
  refusals: Record<number, ErrorId>;
}

/** What the store must do besides changing state; kept out of the reducer so it stays pure. */
export type ChatEffect =
  | { type: 'sound' }
  | { type: 'markRead'; uid: number }
  | { type: 'resync' }
  | { type: 'resendPending' }
  | { type: 'announceAgain'; messages: PendingMessage[] }
  | { type: 'selfVisibility'; is_yin: number }
  | { type: 'refused'; kind: typeof KIND.noFreeChat | typeof KIND.needUpgrade | typeof KIND.error; error: ErrorId; msg: string; uid?: number }
  | { type: 'notice' }
  | { type: 'mail' };

export const emptyChatState = (me: number | null = null): ChatState => ({
  me,
  contacts: [],
  synced: false,
  conversations: {},
  pending: {},
  lastId: 0,
  refusals: {},
});

/** A block between the two members (docs/product-rules.md, "Blocking"): `member_blocked` when I blocked them. */
export type BlockRefusal = 'member_blocked' | 'blocked_by_member';
export const isBlockRefusal = (error: ErrorId | undefined): error is BlockRefusal => error === 'member_blocked' || error === 'blocked_by_member';

/** Refusals that sending again cannot turn into a success: only a membership change (or lifting a block) does. */
export const isFinalRefusal = (error: ErrorId | undefined): boolean => error === 'no_free_chat' || error === 'need_upgrade' || isBlockRefusal(error);

/**
 * The refusal a conversation says in place of its input. "Upgrade needed" (kind 8) moves to the
 * upgrade page by itself after its message (docs/product-rules.md §4): saying it twice would not help.
 */
export const refusalShownInPlace = (error: ErrorId | undefined): error is 'no_free_chat' | BlockRefusal => error === 'no_free_chat' || isBlockRefusal(error);

function withoutRefusal(refusals: Record<number, ErrorId>, uid: number): Record<number, ErrorId> {
  if (!(uid in refusals)) return refusals;
  const next = { ...refusals };
  delete next[uid];
  return next;
}

/** The member on the other side of a message, seen from `me`. */
export const otherParty = (m: MessageWire, me: number | null) => (m.sender_id === me ? m.reciver_id : m.sender_id);

/** Unread conversations summed for the badge, capped as the spec says (99). */
export const unreadTotal = (contacts: ConversationWire[]) =>
  Math.min(
    LIMITS.unreadBadgeCap,
    contacts.reduce((sum, c) => sum + c.count, 0),
  );

function mergeMessages(current: MessageWire[], incoming: MessageWire[]): MessageWire[] {
  if (!incoming.length) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function withoutPending(pending: Record<string, PendingMessage>, messages: MessageWire[]) {
  let next = pending;
  for (const m of messages) {
    if (m.client_id && next[m.client_id]) {
      if (next === pending) next = { ...pending };
      delete next[m.client_id];
    }
  }
  return next;
}

/**
 * My pending messages that a catch-up (kind 0 or 3) shows stored, though no acknowledgement came:
 * the node that stored them may have died before announcing them, and the recipient would see them
 * only at their next reload. Each is sent once more; the server acknowledges a resend as a
 * duplicate and announces it again (handlers/send.ts), and a client ignores an id it already holds.
 */
function storedUnacknowledged(pending: Record<string, PendingMessage>, messages: MessageWire[]): ChatEffect[] {
  const again = messages.flatMap((m) => {
    const p = m.client_id ? pending[m.client_id] : undefined;
    return p && !p.failed ? [p] : [];
  });
  return again.length ? [{ type: 'announceAgain', messages: again }] : [];
}

const conversation = (state: ChatState, uid: number): ConversationState =>
  state.conversations[uid] ?? { messages: [], more: true, loaded: false };

/** Moves the contact to the top with its last message; a new incoming message counts as unread unless it is open. */
function bumpContact(contacts: ConversationWire[], uid: number, m: MessageWire, unread: boolean): ConversationWire[] | null {
  const index = contacts.findIndex((c) => c.uid === uid);
  if (index < 0) return null;
  const old = contacts[index]!;
  const updated: ConversationWire = {
    ...old,
    content: m.type === 'img' ? '' : m.content,
    last_type: m.type,
    create_time: m.create_time,
    count: unread ? Math.min(LIMITS.unreadBadgeCap, old.count + 1) : 0,
  };
  return [updated, ...contacts.slice(0, index), ...contacts.slice(index + 1)];
}

const maxId = (messages: MessageWire[], from: number) => messages.reduce((max, m) => Math.max(max, m.id), from);

/**
 * Applies one server message. `open` holds the conversations on screen right now: a message in one
 * of them is read at once (opt 4) and plays no sound.
 */
export function reduceChat(state: ChatState, msg: ServerMessage, open: ReadonlySet<number>): { state: ChatState; effects: ChatEffect[] } {
  const effects: ChatEffect[] = [];
  switch (msg.kind) {
    case 0: {
      const conversations = { ...state.conversations };
      for (const m of msg.messages) {
        const uid = otherParty(m, msg.uid);
        // A conversation whose pages this client holds takes every message it missed (its reopening
        // brings only the newest page: more missed than that would leave a hole). One not loaded yet
        // keeps only its newest (the catch-up runs oldest first); its first page brings the rest, and
        // it shows that page, not everything the catch-up held.
        const held = conversation(state, uid);
        const c = held.loaded ? (conversations[uid] ?? held) : held;
        conversations[uid] = { ...c, messages: mergeMessages(c.messages, [m]) };
      }
      const contacts = msg.contacts.map((c) => (open.has(c.uid) && c.count > 0 ? { ...c, count: 0 } : c));
      for (const c of msg.contacts) if (open.has(c.uid) && c.count > 0) effects.push({ type: 'markRead', uid: c.uid });
      effects.push(...storedUnacknowledged(state.pending, msg.messages), { type: 'resendPending' });
      const next: ChatState = {
        ...state,
        me: msg.uid,
        contacts,
        synced: true,
        conversations,
        pending: withoutPending(state.pending, msg.messages),
        lastId: maxId(msg.messages, state.lastId),
      };
      return { state: next, effects };
    }
    case 1:
    case 2: {
      const m = msg.message;
      const uid = otherParty(m, state.me);
      const c = conversation(state, uid);
      const incoming = msg.kind === KIND.message && m.sender_id !== state.me;
      const isNew = !c.messages.some((x) => x.id === m.id);
      const reading = open.has(uid);
      let contacts = state.contacts;
      if (isNew) {
        const bumped = bumpContact(state.contacts, uid, m, incoming && !reading);
        if (bumped) contacts = bumped;
        else effects.push({ type: 'resync' });
        if (incoming && !reading) effects.push({ type: 'sound' });
        if (incoming && reading) effects.push({ type: 'markRead', uid });
      }
      return {
        state: {
          ...state,
          contacts,
          conversations: { ...state.conversations, [uid]: { ...c, messages: mergeMessages(c.messages, [m]) } },
          pending: withoutPending(state.pending, [m]),
          lastId: Math.max(state.lastId, m.id),
          refusals: withoutRefusal(state.refusals, uid),
        },
        effects,
      };
    }
    case 3: {
      const c = conversation(state, msg.uid);
      const firstPage = msg.opt === OPT.open;
      let contacts = state.contacts;
      if (msg.contact) {
        const contact = msg.contact;
        contacts = contacts.some((x) => x.uid === msg.uid) ? contacts.map((x) => (x.uid === msg.uid ? contact : x)) : [contact, ...contacts];
      }
      const messages = mergeMessages(c.messages, msg.messages);
      // A first page says whether anything older exists only when nothing older was loaded before.
      const more = firstPage && c.loaded ? c.more : Boolean(msg.more);
      effects.push(...storedUnacknowledged(state.pending, msg.messages));
      return {
        state: {
          ...state,
          contacts,
          conversations: { ...state.conversations, [msg.uid]: { messages, more, loaded: true } },
          pending: withoutPending(state.pending, msg.messages),
          lastId: maxId(msg.messages, state.lastId),
          // The first page came: the conversation may be written in (again, after an upgrade).
          refusals: firstPage ? withoutRefusal(state.refusals, msg.uid) : state.refusals,
        },
        effects,
      };
    }
    case 4: {
      if (msg.uid === state.me) effects.push({ type: 'selfVisibility', is_yin: msg.is_yin });
      const contacts = state.contacts.map((c) => (c.uid === msg.uid ? { ...c, is_online: msg.is_online, is_yin: msg.is_yin } : c));
      return { state: { ...state, contacts }, effects };
    }
    case 5:
    case 6: {
      const conversations = { ...state.conversations };
      delete conversations[msg.uid];
      const pending = Object.fromEntries(Object.entries(state.pending).filter(([, p]) => p.uid !== msg.uid));
      return { state: { ...state, contacts: state.contacts.filter((c) => c.uid !== msg.uid), conversations, pending }, effects };
    }
    case 7:
    case 8:
    case 10: {
      effects.push({ type: 'refused', kind: msg.kind, error: msg.error, msg: msg.msg, uid: msg.uid });
      const refusals = msg.uid !== undefined && isFinalRefusal(msg.error) ? { ...state.refusals, [msg.uid]: msg.error } : state.refusals;
      const failed = msg.client_id ? state.pending[msg.client_id] : undefined;
      if (!failed) return { state: { ...state, refusals }, effects };
      return { state: { ...state, refusals, pending: { ...state.pending, [failed.client_id]: { ...failed, failed: { error: msg.error, msg: msg.msg } } } }, effects };
    }
    case 11:
      return { state, effects: [{ type: 'notice' }] };
    case 12:
      return { state, effects: [{ type: 'mail' }] };
    case 13:
      return { state: { ...state, contacts: state.contacts.map((c) => (c.uid === msg.uid ? { ...c, count: 0 } : c)) }, effects };
    case 14:
      return { state, effects };
  }
}

/** Adds a message the member just wrote; it shows at once and is sent (again) until acknowledged. */
export function addPending(state: ChatState, p: PendingMessage): ChatState {
  return { ...state, pending: { ...state.pending, [p.client_id]: p } };
}

/** Clears a refusal so the message is sent again. */
export function retryPending(state: ChatState, clientId: string): ChatState {
  const p = state.pending[clientId];
  if (!p) return state;
  const { failed: _failed, ...rest } = p;
  return { ...state, pending: { ...state.pending, [clientId]: rest } };
}

/** Marks a conversation read locally (opt 4 tells the server). */
export function markReadLocally(state: ChatState, uid: number): ChatState {
  if (!state.contacts.some((c) => c.uid === uid && c.count > 0)) return state;
  return { ...state, contacts: state.contacts.map((c) => (c.uid === uid ? { ...c, count: 0 } : c)) };
}
