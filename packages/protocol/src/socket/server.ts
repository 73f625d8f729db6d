import { z } from 'zod';
import { ERRORS, type ErrorId } from '../errors.js';
import { ConversationWire, MessageWire } from '../wire/chat.js';

/**
 * Messages the server sends on /socket, one schema per kind, discriminated on `kind`. Every one
 * carries `opt` (the opt it answers, or the opt that caused it on the other side: 1 for a new
 * message, 9 for a visibility change, 100 for online/offline) and `status` ('success' or
 * 'error'); answers to a client message echo its `req`.
 */
const req = z.string().optional();
const success = z.literal('success');
const flag = z.union([z.literal(0), z.literal(1)]);
const errorId = z.enum(Object.keys(ERRORS) as [ErrorId, ...ErrorId[]]);

/** kind 0: the contact list and what the client has not seen (on connect and after every opt 100). */
export const ContactsEvent = z.object({
  kind: z.literal(0),
  opt: z.literal(100),
  status: success,
  req,
  uid: z.number().int(),
  contacts: z.array(ConversationWire),
  /** Unread messages (or, after an init with last_id, every message after it), oldest first. */
  messages: z.array(MessageWire),
  /** 1 when there were more messages than one catch-up carries: load them per conversation (opt 3). */
  more: flag,
  /** Unread messages in all conversations, capped at 99. */
  unread: z.number().int(),
  ping_ms: z.number().int(),
  server_time: z.number().int(),
});

/** kind 1: a new message (to its recipient, and to the sender's other sockets). */
export const NewMessageEvent = z.object({ kind: z.literal(1), opt: z.literal(1), status: success, message: MessageWire });

/** kind 2: opt 1 stored; `duplicate` 1 when this client_id had been stored before (a resend). */
export const SentAck = z.object({
  kind: z.literal(2),
  opt: z.literal(1),
  status: success,
  req,
  client_id: z.string(),
  message: MessageWire,
  duplicate: flag,
});

/** kind 3: messages of the conversation with `uid`, oldest first; `more` 1 when older ones exist. */
export const HistoryEvent = z.object({
  kind: z.literal(3),
  opt: z.union([z.literal(0), z.literal(3)]),
  status: success,
  req,
  uid: z.number().int(),
  messages: z.array(MessageWire),
  more: flag,
  /** With opt 0: the conversation as the chat list shows it (count now 0). */
  contact: ConversationWire.optional(),
});

/** kind 4: member `uid` is now online/offline or visible/invisible (as this viewer may see it). */
export const PresenceEvent = z.object({
  kind: z.literal(4),
  opt: z.union([z.literal(9), z.literal(100)]),
  status: success,
  req,
  uid: z.number().int(),
  is_online: flag,
  is_yin: z.number().int(),
});

/** kind 5: opt 5 done. */
export const DeletedAck = z.object({ kind: z.literal(5), opt: z.literal(5), status: success, req, uid: z.number().int() });

/** kind 6: remove the contact `uid` from the list. */
export const ContactDeletedEvent = z.object({ kind: z.literal(6), opt: z.literal(5), status: success, uid: z.number().int() });

const refusal = {
  status: z.literal('error'),
  req,
  opt: z.number().int(),
  error: errorId,
  msg: z.string(),
  /** The conversation the refused opt named, and for opt 1 the refused message's client_id. */
  uid: z.number().int().optional(),
  client_id: z.string().optional(),
};

/** kind 7: no free chat left. */
export const NoFreeChatEvent = z.object({ kind: z.literal(7), ...refusal, error: z.literal('no_free_chat') });

/** kind 8: upgrade needed: show `msg`, then the upgrade page after 1.5 s. */
export const NeedUpgradeEvent = z.object({ kind: z.literal(8), ...refusal, error: z.literal('need_upgrade') });

/** kind 10: any other refusal; `error` names it (the same ids as the HTTP calls), `fields` for validation. */
export const ErrorEvent = z.object({ kind: z.literal(10), ...refusal, fields: z.record(z.string(), z.string()).optional() });

/** kind 11: a notice was stored for the member (same fields as /member/index/senotice). */
export const NoticeEvent = z.object({
  kind: z.literal(11),
  opt: z.literal(100),
  status: success,
  notice: z.object({
    id: z.number().int(),
    type: z.enum(['gift', 'report']),
    status: flag,
    create_time: z.number().int(),
    content: z.string(),
    result: z.string().optional(),
    gift: z.object({ givername: z.string(), cid: z.number(), gid: z.number(), path: z.string() }).optional(),
  }),
  unread: z.number().int(),
});

/** kind 12: a mail arrived (refresh the mail counter / list). */
export const MailEvent = z.object({
  kind: z.literal(12),
  opt: z.literal(100),
  status: success,
  eid: z.number().int(),
  sender_id: z.number().int(),
  sendername: z.string(),
  unread: z.number().int(),
});

/** kind 13: the conversation with `uid` was read on another device: its count is 0. */
export const ReadEvent = z.object({ kind: z.literal(13), opt: z.union([z.literal(0), z.literal(4)]), status: success, req, uid: z.number().int() });

/** kind 14: answer to the ping. */
export const PongEvent = z.object({ kind: z.literal(14), opt: z.literal(101), status: success, req, server_time: z.number().int() });

export const ServerMessage = z.discriminatedUnion('kind', [
  ContactsEvent,
  NewMessageEvent,
  SentAck,
  HistoryEvent,
  PresenceEvent,
  DeletedAck,
  ContactDeletedEvent,
  NoFreeChatEvent,
  NeedUpgradeEvent,
  ErrorEvent,
  NoticeEvent,
  MailEvent,
  ReadEvent,
  PongEvent,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Each kind's message, by kind code. */
export interface ServerMessages {
  0: z.infer<typeof ContactsEvent>;
  1: z.infer<typeof NewMessageEvent>;
  2: z.infer<typeof SentAck>;
  3: z.infer<typeof HistoryEvent>;
  4: z.infer<typeof PresenceEvent>;
  5: z.infer<typeof DeletedAck>;
  6: z.infer<typeof ContactDeletedEvent>;
  7: z.infer<typeof NoFreeChatEvent>;
  8: z.infer<typeof NeedUpgradeEvent>;
  10: z.infer<typeof ErrorEvent>;
  11: z.infer<typeof NoticeEvent>;
  12: z.infer<typeof MailEvent>;
  13: z.infer<typeof ReadEvent>;
  14: z.infer<typeof PongEvent>;
}
export type ServerKind = keyof ServerMessages;
