import { z } from 'zod';
import { int } from './scalars.js';

/**
 * A report as a member's lists show it (docs/product-rules.md §3, "Report", and §9 masking). The
 * server masks before it answers: the client never receives what it must not show.
 *
 * - "reports I made" (type 1): `userid`, `avatar` and `username` are the reported member's
 *   (username masked); `email` is the address the reporter gave (masked).
 * - "reports against me" (type 2): the reporter stays anonymous: `userid` 0, `avatar` '',
 *   `username` and `email` masked; `result` is withheld (it is the staff's answer to the reporter).
 */
export const ReportWire = z.object({
  id: int(),
  /** 1 advertising, 2 offensive, 3 illegal; 0 when the phone form sent none. */
  type: int(),
  userid: int(),
  avatar: z.string(),
  username: z.string(),
  /** Seconds. */
  create_time: int(),
  email: z.string(),
  content: z.string(),
  /** The stored (re-encoded) picture's path, or ''. */
  img: z.string(),
  /** 'open' until staff act on it; then what they decided (set by the administrator's calls). */
  status: z.string(),
  result: z.string(),
});
export type ReportWire = z.infer<typeof ReportWire>;

/** One page of a report list, newest first. */
export const ReportPageWire = z.object({
  data: z.array(ReportWire),
  page: int(),
  last_page: int(),
});
export type ReportPageWire = z.infer<typeof ReportPageWire>;
