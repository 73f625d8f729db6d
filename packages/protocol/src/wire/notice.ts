import { z } from 'zod';
import { flag, int } from './scalars.js';

/** A notice's `status`: 0 unread, 1 read (the dropdown lists the unread ones). */
export const NoticeStatus = { unread: 0, read: 1 } as const;

/**
 * A notice (docs/product-rules.md §3): a gift received or a report's outcome. The socket's kind 11
 * carries the same shape (socket/server.ts uses this schema).
 */
export const NoticeWire = z.object({
  id: int(),
  type: z.enum(['gift', 'report']),
  status: flag(),
  create_time: int(),
  content: z.string(),
  result: z.string().optional(),
  gift: z.object({ givername: z.string(), cid: z.number(), gid: z.number(), path: z.string() }).optional(),
});
export type NoticeWire = z.infer<typeof NoticeWire>;

/** /member/index/senotice: the newest notices asked for and the unread count. */
export const NoticeListWire = z.object({
  data: z.array(NoticeWire),
  unread: int(),
});
export type NoticeListWire = z.infer<typeof NoticeListWire>;
