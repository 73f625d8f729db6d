import type { Can, Member } from '../domain/member.js';
import type { ChatService } from '../modules/chat/chat.service.js';
import type { UserRow } from '../db/schema.js';

/** The services the live connection uses, as narrow as the handlers need them. */
export interface RealtimeServices {
  authenticate(token: string | undefined): Promise<Member | null>;
  /** Permission flags, for the admission check (domain/admission.ts) and the chat rules. */
  can: Can;
  chat: ChatService;
  /** The same call as POST /member/index/visibility (women only); it announces the change, leaving out `origin`. */
  setVisibility(member: Member, isYin: number, origin?: string): Promise<UserRow>;
  /** Stamps last_active_at of several members (one statement) and answers their current rows. */
  touchActive(userIds: readonly number[], now: number): Promise<UserRow[]>;
  findUser(userId: number): Promise<UserRow | undefined>;
  unreadNotices(userId: number): Promise<number>;
  findMail(id: number): Promise<{ recipientId: number; eid: number; sender_id: number; sendername: string } | undefined>;
  unreadMails(userId: number): Promise<number>;
}
