import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import { ERRORS } from '@kindred/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { socketToken } from '../http/router.js';
import type { Member } from '../modules/auth/member.js';
import type { Gateway } from './gateway.js';

/** Largest client message: a chat text is at most 2000 characters. */
const MAX_PAYLOAD = 64 * 1024;

/**
 * GET /socket on the site's own host. A token in the URL (?token=) or an Authorization header is
 * checked before the upgrade: an invalid one is answered 401 and never becomes a socket. Without
 * one the socket opens and must send opt 100 with the token (CHAT_LIMITS.initTimeoutMs). A client
 * address or member already at its socket cap (SOCKET_MAX_PER_ADDRESS, SOCKET_MAX_PER_MEMBER) is
 * answered 429.
 */
export async function installSocket(app: FastifyInstance, gateway: Gateway, authenticate: (token: string) => Promise<Member | null>) {
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
  const accepted = new WeakMap<FastifyRequest, { member: Member; token: string }>();

  app.get(
    '/socket',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        const tooMany = () => reply.code(429).send({ status: ERRORS.rate_limited.status, msg: 'Too many open connections', data: null, error: 'rate_limited' });
        if (!gateway.wouldAccept(req.ip)) return tooMany();
        const token = socketToken(req);
        if (!token) return;
        const member = await authenticate(token);
        if (!member) return reply.code(401).send({ status: ERRORS.unauthorized.status, msg: 'Please sign in', data: null, error: 'unauthorized' });
        if (member.status === 2) {
          return reply.code(403).send({ status: ERRORS.pending_approval.status, msg: 'Your account is pending approval...', data: null, error: 'pending_approval' });
        }
        if (!gateway.wouldAccept(req.ip, member.id)) return tooMany();
        accepted.set(req, { member, token });
      },
    },
    (socket, req) => {
      const found = accepted.get(req);
      releaseUpgrade(socket, req);
      gateway.attach(socket, req.ip, found?.member, found?.token);
    },
  );
}

/**
 * @fastify/websocket keeps the upgrade's request, reply, response and request logger alive as long
 * as the socket lives: its error listener closes over them, and the TCP socket still points at the
 * response. An idle connection should cost little more than a bare `ws` one, so they go (the
 * gateway listens for errors itself).
 */
function releaseUpgrade(socket: WebSocket, req: FastifyRequest): void {
  socket.removeAllListeners('error');
  const tcp = req.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}
