import { z } from 'zod';
import { boundedString, id, int } from '../calls/fields.js';
import { CONTROL_CHARS } from '../rules/validation.js';
import { CHAT_ADDRESSES, CHAT_LIMITS, OPT } from './codes.js';

/**
 * Messages a client sends on /socket, one schema per opt, discriminated on `opt`. Every message may
 * carry `req`, a client-chosen request id the answer echoes, so a client can await an answer.
 * Numbers may arrive as numbers or numeric strings (the spec's clients send both).
 */
const req = boundedString(64, { trim: false }).optional();
const chatText = boundedString(CHAT_LIMITS.textMax, { trim: false }).refine((s) => !CONTROL_CHARS.test(s), 'control characters are not allowed');

/** opt 0: open the conversation with `uid`; `address` says where from (see CHAT_ADDRESSES). */
export const OpenConversationMessage = z.object({
  opt: z.literal(OPT.open),
  uid: id(),
  address: z.enum(CHAT_ADDRESSES).default('member'),
  req,
});

/**
 * opt 1: send a message to `uid`. `client_id` is the client's own id for this message: a resend
 * with the same client_id (after a reconnect) answers the stored message and never stores a
 * second one. Text goes in `content` (the spec's `txt` is accepted too); an image is the `img`
 * path an upload answered (/member/index/uploads). `create_time` is the client's clock, ignored:
 * the server stamps messages.
 */
export const SendChatMessage = z
  .object({
    opt: z.literal(OPT.send),
    uid: id(),
    client_id: boundedString(CHAT_LIMITS.clientIdMax, { trim: false })
      .min(1)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only'),
    type: z.enum(['text', 'img']).default('text'),
    content: chatText.optional(),
    txt: chatText.optional(),
    img: boundedString(300, { trim: false }).default(''),
    create_time: z.union([z.number(), boundedString(64, { trim: false })]).optional(),
    req,
  })
  // Every property named, no spread: on Node 20 an object built by a spread followed by more
  // properties gets a hidden class of its own once optimized, and this one is made per message.
  // A field added to the object above must be named here too (the output type shows its absence).
  .transform((m) => ({ opt: m.opt, uid: m.uid, client_id: m.client_id, type: m.type, content: m.content ?? m.txt ?? '', img: m.img, create_time: m.create_time, req: m.req }));

/** opt 3: up to `limit` messages before message `before_id` (absent: the newest page). */
export const HistoryMessage = z.object({
  opt: z.literal(OPT.history),
  uid: id(),
  before_id: id().optional(),
  limit: int(1, CHAT_LIMITS.historyPageMax).default(CHAT_LIMITS.historyPage),
  req,
});

/** opt 4 (addition): the conversation is open and its new messages were seen. */
export const ReadConversationMessage = z.object({ opt: z.literal(OPT.read), uid: id(), req });

/** opt 5: delete the conversation with `uid` from the caller's list and history only. */
export const DeleteConversationMessage = z.object({ opt: z.literal(OPT.delete), uid: id(), req });

/** opt 9: set is_yin (1 visible, 0 invisible); without it the switch toggles. Women only. */
export const VisibilityMessage = z.object({ opt: z.literal(OPT.visibility), is_yin: int(0, 1).optional(), req });

/**
 * opt 100: init. `uid` must be the token's member; `token` authenticates a socket opened without
 * one in its URL. `last_id`: the newest message id the client holds; the answer (kind 0) then
 * carries every message after it instead of the unread ones.
 */
export const InitMessage = z.object({
  opt: z.literal(OPT.init),
  uid: id(),
  token: boundedString(200, { trim: false }).min(1).optional(),
  last_id: int(0, 2_147_483_647).optional(),
  req,
});

/** opt 101 (addition): keep-alive, every 30 s; also refreshes the member's level and permissions. */
export const PingMessage = z.object({ opt: z.literal(OPT.ping), req });

export const ClientMessage = z.discriminatedUnion('opt', [
  OpenConversationMessage,
  SendChatMessage,
  HistoryMessage,
  ReadConversationMessage,
  DeleteConversationMessage,
  VisibilityMessage,
  InitMessage,
  PingMessage,
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
/** What a client writes (before defaults): the type a web client builds its messages with. */
export type ClientMessageInput = z.input<typeof ClientMessage>;

/** Each opt's parsed message, by opt code. */
export interface ClientMessages {
  [OPT.open]: z.infer<typeof OpenConversationMessage>;
  [OPT.send]: z.infer<typeof SendChatMessage>;
  [OPT.history]: z.infer<typeof HistoryMessage>;
  [OPT.read]: z.infer<typeof ReadConversationMessage>;
  [OPT.delete]: z.infer<typeof DeleteConversationMessage>;
  [OPT.visibility]: z.infer<typeof VisibilityMessage>;
  [OPT.init]: z.infer<typeof InitMessage>;
  [OPT.ping]: z.infer<typeof PingMessage>;
}
export type ClientOpt = keyof ClientMessages;
