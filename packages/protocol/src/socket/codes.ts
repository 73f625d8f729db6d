/**
 * Opt codes (client -> server) and kinds (server -> client) of the live connection (docs/product-rules.md §4).
 * The spec's numbers are kept; 4, 101 and kinds 10-14 are additions the spec leaves room for
 * (its clients ignore kinds they do not know, as they do with 2 and 5).
 */
export const OPT = {
  /** Open a conversation: marks it read and answers its latest messages (kind 3). */
  open: 0,
  /** Send a text or image message (acknowledged with kind 2). */
  send: 1,
  /** Older messages, before the oldest loaded one (kind 3). */
  history: 3,
  /** Addition: mark a conversation read while it is open (a message arrived in the open chat). */
  read: 4,
  /** Delete a conversation for the caller's side only (kind 5, then kind 6 on every own socket). */
  delete: 5,
  /** Online / invisible switch, women only (kind 4). */
  visibility: 9,
  /** Init: uid (and the token when the URL carried none); answered with kind 0. */
  init: 100,
  /** Addition: the client's 30-second ping (kind 14). */
  ping: 101,
} as const;
export type Opt = (typeof OPT)[keyof typeof OPT];

export const KIND = {
  /** Contacts (conversations, newest first) and the messages the client has not seen. */
  contacts: 0,
  /** A new message, to the recipient's sockets and the sender's other sockets. */
  message: 1,
  /** Acknowledgement of opt 1: the stored message (the spec's clients ignore kind 2). */
  sent: 2,
  /** Messages of one conversation, oldest first (answer to opt 0 and opt 3). */
  history: 3,
  /** A contact's online / invisible state changed (also the answer to opt 9). */
  presence: 4,
  /** Acknowledgement of opt 5 (the spec's clients ignore kind 5). */
  deleted: 5,
  /** Remove a contact from the list (the member deleted it, maybe on another device). */
  contactDeleted: 6,
  /** No free chat left: "Frequency is used up. Please Upgrade membership and continue." */
  noFreeChat: 7,
  /** Upgrade needed: show the message, then the upgrade page after 1.5 s. */
  needUpgrade: 8,
  /** Addition: any other refusal (validation, permission, blank message, rate limit...). */
  error: 10,
  /** Addition: a notice (gift received, report result) was just stored for the member. */
  notice: 11,
  /** Addition: a mail arrived. */
  mail: 12,
  /** Addition: a conversation was read on another of the member's devices. */
  read: 13,
  /** Addition: answer to opt 101. */
  pong: 14,
} as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

/** Close codes the server uses, so the client knows whether reconnecting can help. */
export const SOCKET_CLOSE = {
  /** Normal reconnectable close (server shutting down): reconnect. */
  goingAway: 1001,
  /**
   * No valid token, or its session ended (sign-out, password change or reset, on any node): sign in
   * again, do not reconnect.
   */
  unauthorized: 4401,
  /** The token is valid but the account may not chat (pending approval, or uid mismatch). */
  forbidden: 4403,
  /** The client did not send its init (opt 100 with a token) in time. */
  initTimeout: 4408,
  /**
   * The member (SOCKET_MAX_PER_MEMBER) or the client address (SOCKET_MAX_PER_ADDRESS) already has
   * as many sockets open as a node accepts: reconnect later (after closing another tab).
   */
  tooManySockets: 4409,
  /** The client does not read its messages (send buffer overflow): reconnect. */
  tooSlow: 4429,
} as const;

/** Chat limits: text length, page sizes and how much a catch-up carries. */
export const CHAT_LIMITS = {
  textMax: 2000,
  clientIdMax: 64,
  historyPage: 20,
  historyPageMax: 50,
  /** Conversations in kind 0. */
  contactsMax: 200,
  /** Messages in one kind 0; past it `more` is 1 and the client loads history per conversation. */
  catchUpMax: 500,
  /** Seconds a socket without a token may wait before sending its init (opt 100). */
  initTimeoutMs: 10_000,
} as const;

/**
 * Where a chat was opened from (opt 0 `address`). Free members (vip 0) may not open one from the
 * chat list or a trend, except with the support account (docs/product-rules.md §6).
 */
export const CHAT_ADDRESSES = ['list', 'trend', 'member', 'profile', 'service', 'window'] as const;
export type ChatAddress = (typeof CHAT_ADDRESSES)[number];
export const RESTRICTED_ADDRESSES: readonly ChatAddress[] = ['list', 'trend'];
