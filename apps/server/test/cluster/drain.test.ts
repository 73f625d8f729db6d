import http from 'node:http';
import type { ServerMessages } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { buildVip, sayOk } from '../helpers/chat.js';
import { startCluster } from '../helpers/cluster.js';
import { imagePart, makeImage } from '../helpers/images.js';
import { multipartBody } from '../helpers/multipart.js';
import { connectMember, connectSocket } from '../helpers/socket-client.js';

const BURST = 20;

/** An upload whose headers the node has read (it answered 100 Continue) and whose body is held back. */
async function uploadInFlight(port: number, token: string) {
  const { payload, contentType } = multipartBody({ dir: 'photo' }, [imagePart('file', await makeImage('jpeg', 64, 48), 'jpeg')]);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/member/index/uploads',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': payload.length, expect: '100-continue' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  const started = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  req.flushHeaders();
  await started;
  return { finish: () => (req.end(payload), answer) };
}

describe('a node drained by SIGTERM (rolling restart, docs: README "Deployment")', () => {
  it('refuses new connections, closes its sockets with 1001, answers the request in flight, commits what it took and exits 0', async () => {
    const { ctx, startNode } = await startCluster();
    const [draining, other] = await Promise.all([startNode(), startNode()]);
    const sender = await buildVip(ctx, 1, { sex: 1 });
    const recipient = await buildVip(ctx, 1, { sex: 0 });
    const { socket: s } = await connectMember(draining.url, sender.token);
    const { socket: r } = await connectMember(other.url, recipient.token);
    const before = await sayOk(s, recipient.user.id, 'before the restart');
    const upload = await uploadInFlight(draining.port, sender.token);

    // A burst on the way; the node is told to stop as the first of it is acknowledged.
    const ids = Array.from({ length: BURST }, (_, i) => `drain-${i}`);
    const acked = new Map<string, number>();
    s.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessages[2];
      if (m.kind === 2) acked.set(m.client_id, m.message.id);
    });
    for (const id of ids) s.send({ opt: 1, uid: recipient.user.id, client_id: id, content: `message ${id}` });
    await s.next(2, (m) => m.client_id === ids[0]);
    draining.process.kill('SIGTERM');

    // Clients are told to go elsewhere; from then on the node takes no connection at all, so a
    // balancer passes the next one (a POST included) to another node.
    expect(await s.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    await expect(connectSocket(draining.url, sender.token)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The request that was already in flight is still answered in full.
    const answer = await upload.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.url).toMatch(new RegExp(`^/uploads/photo/${sender.user.id}/[A-Za-z0-9_-]+\\.jpg$`));
    expect(await draining.exited).toEqual({ code: 0, signal: null });
    expect(draining.output()).not.toMatch(/"level":(50|60)/);

    // Everything acknowledged is stored, under the id the acknowledgement named.
    const stored = await ctx.db.selectFrom('messages').select(['id', 'client_id']).where('sender_id', '=', sender.user.id).execute();
    for (const [id, messageId] of acked) expect(stored.find((row) => row.client_id === id)?.id, id).toBe(messageId);

    // The client carries on at the other node and resends what was not acknowledged: each message once.
    const { socket: s2 } = await connectMember(other.url, sender.token);
    for (const id of ids.filter((i) => !acked.has(i))) {
      const ack = await s2.request({ opt: 1, uid: recipient.user.id, client_id: id, content: `message ${id}` }, 2);
      expect(ack.client_id).toBe(id);
    }
    const rows = await ctx.db.selectFrom('messages').select(['client_id']).where('sender_id', '=', sender.user.id).execute();
    expect(rows.map((row) => row.client_id).sort()).toEqual([before.client_id, ...ids].sort());
    // The recipient, on the node that stayed, has all of them live: one message id each (a resend
    // of a stored message is announced again under its id, which clients already hold).
    for (const id of ids) await r.next(1, (m) => m.message.client_id === id);
    const delivered = r.received.filter((m) => m.kind === 1).map((m) => (m as ServerMessages[1]).message);
    expect(new Set(delivered.map((m) => m.id)).size).toBe(BURST + 1);
    expect(new Set(delivered.map((m) => m.client_id)).size).toBe(BURST + 1);
  });
});
