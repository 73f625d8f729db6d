import type { ChatLine } from './use-chat';

/** A stable React key: stored lines by their id, pending ones by the id the client gave them. */
export const lineKey = (line: ChatLine) => (line.kind === 'stored' ? `m${line.message.id}` : `p${line.message.client_id}`);

/** Pending lines are always the member's own. */
export const isMine = (line: ChatLine, me: number | undefined) => line.kind === 'pending' || line.message.sender_id === me;

/** When a line was written, in seconds (pending lines carry local milliseconds). */
export const lineSeconds = (line: ChatLine) => (line.kind === 'stored' ? line.message.create_time : Math.floor(line.message.ndate / 1000));

/** A time label goes above a line written this long after the one before it. */
export const TIME_GAP_SECONDS = 5 * 60;

/** Whether a line written at `seconds` gets a time label: the first one does, then one per 5-minute gap. */
export const startsTimeGroup = (previousSeconds: number | undefined, seconds: number) =>
  previousSeconds === undefined || seconds - previousSeconds >= TIME_GAP_SECONDS;
