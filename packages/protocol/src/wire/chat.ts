import { z } from 'zod';

/**
 * A chat message as docs/product-rules.md §3 names it. `mid` is the author, as in a trend; `ndate`
 * is the creation time in milliseconds (create_time is in seconds like every other create_time).
 * `client_id` is the sender's own id for it, so a client matches acknowledgements and resends.
 * `locked` 1: the reader lacks Read_chat_messages, so content and img are withheld.
 */
export const MessageWire = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  reciver_id: z.number().int(),
  /** 'gift': a gift given (gift_giving), `img` the gift's path and `content` the giver's message. */
  type: z.enum(['text', 'img', 'gift']),
  content: z.string(),
  img: z.string(),
  mid: z.number().int(),
  ndate: z.number().int(),
  create_time: z.number().int(),
  client_id: z.string(),
  locked: z.union([z.literal(0), z.literal(1)]),
});
export type MessageWire = z.infer<typeof MessageWire>;

/**
 * One entry of the chat list. `uid` is the other member, `id` the conversation; `count` is the
 * unread count capped at LIMITS.unreadBadgeCap; `content` and `create_time` (seconds) are those of
 * the last message (`last_type` says whether it was an image). `is_online` is already the value
 * this viewer may see (an invisible member shows offline to men, docs/product-rules.md §4).
 */
export const ConversationWire = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  vip: z.number().int(),
  sex: z.number().int(),
  is_online: z.union([z.literal(0), z.literal(1)]),
  is_yin: z.number().int(),
  count: z.number().int(),
  create_time: z.number().int(),
  content: z.string(),
  last_type: z.enum(['text', 'img', 'gift', '']),
  /** 1 for the support account (id 2): its own screen, badge and highlighted name. */
  is_service: z.union([z.literal(0), z.literal(1)]),
});
export type ConversationWire = z.infer<typeof ConversationWire>;
