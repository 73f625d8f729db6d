import { z } from 'zod';
import { ERRORS, type ErrorId } from '../errors.js';
import { ConversationWire, MessageWire } from '../wire/chat.js';
import { NoticeWire } from '../wire/notice.js';
import { KIND, OPT } from './codes.js';

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
  kind: z.literal(KIND.contacts),
  opt: z.literal(OPT.init),
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
export const NewMessageEvent = z.object({ kind: z.literal(KIND.message), opt: z.literal(OPT.send), status: success, message: MessageWire });

/** kind 2: opt 1 stored; `duplicate` 1 when this client_id had been stored before (a resend). */
export const SentAck = z.object({
  kind: z.literal(KIND.sent),
  opt: z.literal(OPT.send),
  status: success,
  req,
  client_id: z.string(),
  message: MessageWire,
  duplicate: flag,
});

/** kind 3: messages of the conversation with `uid`, oldest first; `more` 1 when older ones exist. */
export const HistoryEvent = z.object({
  kind: z.literal(KIND.history),
  opt: z.union([z.literal(OPT.open), z.literal(OPT.history)]),
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
  kind: z.literal(KIND.presence),
  opt: z.union([z.literal(OPT.visibility), z.literal(OPT.init)]),
  status: success,
  req,
  uid: z.number().int(),
  is_online: flag,
  is_yin: z.number().int(),
});

/** kind 5: opt 5 done. */
export const DeletedAck = z.object({ kind: z.literal(KIND.deleted), opt: z.literal(OPT.delete), status: success, req, uid: z.number().int() });

/** kind 6: remove the contact `uid` from the list. */
export const ContactDeletedEvent = z.object({ kind: z.literal(KIND.contactDeleted), opt: z.literal(OPT.delete), status: success, uid: z.number().int() });

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
export const NoFreeChatEvent = z.object({ kind: z.literal(KIND.noFreeChat), ...refusal, error: z.literal('no_free_chat') });

/** kind 8: upgrade needed: show `msg`, then the upgrade page after 1.5 s. */
export const NeedUpgradeEvent = z.object({ kind: z.literal(KIND.needUpgrade), ...refusal, error: z.literal('need_upgrade') });

/** kind 10: any other refusal; `error` names it (the same ids as the HTTP calls), `fields` for validation. */
export const ErrorEvent = z.object({ kind: z.literal(KIND.error), ...refusal, fields: z.record(z.string(), z.string()).optional() });

/** kind 11: a notice was stored for the member (same fields as /member/index/senotice). */
export const NoticeEvent = z.object({
  kind: z.literal(KIND.notice),
  opt: z.literal(OPT.init),
  status: success,
  notice: NoticeWire,
  unread: z.number().int(),
});

/** kind 12: a mail arrived (refresh the mail counter / list). */
export const MailEvent = z.object({
  kind: z.literal(KIND.mail),
  opt: z.literal(OPT.init),
  status: success,
  eid: z.number().int(),
  sender_id: z.number().int(),
  sendername: z.string(),
  unread: z.number().int(),
});

/** kind 13: the conversation with `uid` was read on another device: its count is 0. */
export const ReadEvent = z.object({ kind: z.literal(KIND.read), opt: z.union([z.literal(OPT.open), z.literal(OPT.read)]), status: success, req, uid: z.number().int() });

/** kind 14: answer to the ping. */
export const PongEvent = z.object({ kind: z.literal(KIND.pong), opt: z.literal(OPT.ping), status: success, req, server_time: z.number().int() });

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
  [KIND.contacts]: z.infer<typeof ContactsEvent>;
  [KIND.message]: z.infer<typeof NewMessageEvent>;
  [KIND.sent]: z.infer<typeof SentAck>;
  [KIND.history]: z.infer<typeof HistoryEvent>;
  [KIND.presence]: z.infer<typeof PresenceEvent>;
  [KIND.deleted]: z.infer<typeof DeletedAck>;
  [KIND.contactDeleted]: z.infer<typeof ContactDeletedEvent>;
  [KIND.noFreeChat]: z.infer<typeof NoFreeChatEvent>;
  [KIND.needUpgrade]: z.infer<typeof NeedUpgradeEvent>;
  [KIND.error]: z.infer<typeof ErrorEvent>;
  [KIND.notice]: z.infer<typeof NoticeEvent>;
  [KIND.mail]: z.infer<typeof MailEvent>;
  [KIND.read]: z.infer<typeof ReadEvent>;
  [KIND.pong]: z.infer<typeof PongEvent>;
}
export type ServerKind = keyof ServerMessages;
