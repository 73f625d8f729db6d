import type { ClientMessages, ClientOpt, ServerMessage } from '@kindred/protocol';
import type { Member } from '../../domain/member.js';
import type { Connection } from '../connection.js';
import type { HubEvent } from '../hub.js';
import type { RealtimeServices } from '../services.js';
import type { RevocationMark } from '../session-revocation.js';

/** What a handler may do: answer its own socket, tell other members (through the hub), use the services. */
export interface HandlerContext {
  connection: Connection;
  services: RealtimeServices;
  now(): number;
  reply(message: ServerMessage): void;
  publish(event: HubEvent): Promise<void>;
  /** Kind 0 to this socket (catch-up from the database). */
  sendCatchUp(connection: Connection, req?: string, lastId?: number): Promise<void>;
  /**
   * Registers an authenticated socket (presence, last active) and announces a member who came
   * online. False: refused (too many sockets, or the session just ended), and the socket is closing.
   */
  goOnline(connection: Connection, member: Member, req?: string, mark?: RevocationMark): Promise<boolean>;
  /** Taken before a socket's session is read and handed to goOnline: whether it must be checked again. */
  sessionMark(): RevocationMark;
  /** Replaces the socket's member (new level, permissions, visibility). */
  refreshMember(connection: Connection, member: Member): Promise<void>;
}

export interface AuthenticatedContext extends HandlerContext {
  member: Member;
}

/** A handler for one opt. `public` handlers run before the socket is authenticated (only init). */
export type OptHandler<O extends ClientOpt> =
  | { public: true; handle(ctx: HandlerContext, message: ClientMessages[O]): Promise<void> }
  | { public?: false; handle(ctx: AuthenticatedContext, message: ClientMessages[O]): Promise<void> };

export type HandlerTable = { [O in ClientOpt]: OptHandler<O> };
