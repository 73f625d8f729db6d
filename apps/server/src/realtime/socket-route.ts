import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { admit } from '../domain/admission.js';
import type { Member } from '../domain/member.js';
import { DomainError } from '../errors.js';
import { socketToken } from '../http/router.js';
import { API_ANSWER } from '../http/security.js';
import { holdUpgrade } from './connection.js';
import type { Gateway } from './gateway.js';
import { tooManySockets } from './replies.js';
import type { RevocationMark } from './session-revocation.js';
import type { RealtimeServices } from './services.js';
import { SOCKET_ADMISSION } from './socket-admission.js';

/** Largest client message: a chat text is at most 2000 characters. */
const MAX_PAYLOAD = 64 * 1024;

/**
 * GET /socket on the site's own host. A token in the URL (?token=) or an Authorization header is
 * checked before the upgrade: an invalid one is answered 401 and never becomes a socket. Without
 * one the socket opens and must send opt 100 with the token (CHAT_LIMITS.initTimeoutMs). A client
 * address or member already at its socket cap (SOCKET_MAX_PER_ADDRESS, SOCKET_MAX_PER_MEMBER) is
 * answered 429.
 */
export async function installSocket(app: FastifyInstance, gateway: Gateway, services: Pick<RealtimeServices, 'authenticate' | 'can'>) {
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
  const accepted = new WeakMap<FastifyRequest, { member?: Member; token?: string; ip: string; mark?: RevocationMark }>();

  app.get(
    '/socket',
    {
      websocket: true,
      // Its refusals (401, 403, 429) are API answers; an upgrade (101) carries no page headers either,
      // and setting the page set on each upgrade's unused response was a visible cost of a connect burst.
      config: { [API_ANSWER]: true },
      preValidation: async (req, reply) => {
        const refuse = (error: DomainError) => reply.code(error.http).send({ status: error.status, msg: error.message, data: null, error: error.id });
        // req.ip asks the kernel (getpeername) each time: once per upgrade is enough.
        const ip = req.ip;
        if (!gateway.wouldAccept(ip)) return refuse(tooManySockets());
        const token = socketToken(req);
        if (!token) return void accepted.set(req, { ip });
        let member: Member;
        const mark = gateway.sessionMark();
        try {
          member = await admit(await services.authenticate(token), SOCKET_ADMISSION, services.can);
        } catch (error) {
          if (error instanceof DomainError) return refuse(error);
          throw error;
        }
        if (!gateway.wouldAccept(ip, member.id)) return refuse(tooManySockets());
        accepted.set(req, { member, token, ip, mark });
        // The 101 waits for the first frame, so both leave in one write (the gateway releases it).
        holdUpgrade(req.raw.socket);
      },
    },
    (socket, req) => {
      const found = accepted.get(req);
      releaseUpgrade(socket, req);
      gateway.attach(socket, found?.ip ?? req.ip, found?.member, found?.token, found?.mark);
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
