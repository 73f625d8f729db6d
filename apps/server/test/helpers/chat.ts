import type { PermissionFlag, ServerMessages } from '@kindred/protocol';
import { buildUser, type BuiltUser, type UserOverrides } from './factories.js';
import { clientId, type SocketClient } from './socket-client.js';
import type { TestApp } from './test-app.js';

const YEAR_MS = 365 * 86_400_000;

/** A member of membership level `vip` (1 silver, 2 gold) running for another year. */
export function buildVip(ctx: TestApp, vip: 1 | 2, overrides: UserOverrides = {}): Promise<BuiltUser> {
  const until = ctx.now() + YEAR_MS;
  return buildUser(ctx, { vip, vip1_until: until, vip2_until: vip === 2 ? until : 0, ...overrides });
}

/** Changes one cell of the permission matrix (as an administrator would) and drops the cache. */
export async function setPermission(ctx: TestApp, vip: 0 | 1 | 2, flag: PermissionFlag, allowed: boolean): Promise<void> {
  await ctx.services.repositories.permissions.set(vip, flag, allowed);
  ctx.services.permissions.invalidate();
}

/** Sends a text with opt 1 and answers the acknowledgement (kind 2) or the refusal (kind 7, 8 or 10). */
export async function say(socket: SocketClient, uid: number, content: string, id = clientId()) {
  const req = `say-${id}`;
  const answer = socket.answerTo(req);
  socket.send({ opt: 1, uid, client_id: id, content, req });
  return answer as Promise<ServerMessages[2] | ServerMessages[7] | ServerMessages[8] | ServerMessages[10]>;
}

/** Answers the acknowledgement of a text that must be accepted. */
export async function sayOk(socket: SocketClient, uid: number, content: string, id = clientId()): Promise<ServerMessages[2]> {
  const answer = await say(socket, uid, content, id);
  if (answer.kind !== 2) throw new Error(`expected kind 2, got ${JSON.stringify(answer)}`);
  return answer;
}

/** A round trip on this socket: anything the server wrote to it before is received once this resolves. */
export async function barrier(socket: SocketClient): Promise<void> {
  await socket.request({ opt: 101 }, 14);
}

/** Rows of a table about these members, straight from the database. */
export async function storedMessages(ctx: TestApp, senderId: number) {
  return ctx.db.selectFrom('messages').selectAll().where('sender_id', '=', senderId).orderBy('id').execute();
}

export async function conversationRow(ctx: TestApp, userId: number, peerId: number) {
  return ctx.db.selectFrom('conversations').selectAll().where('user_id', '=', userId).where('peer_id', '=', peerId).executeTakeFirst();
}
