import type { ServerMessages } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { barrier, buildVip, sayOk } from '../helpers/chat.js';
import { startCluster } from '../helpers/cluster.js';
import { connectMember } from '../helpers/socket-client.js';

const TOTAL = 40;
const KILL_AFTER_ACKS = 10;
const PRESENCE_TTL_MS = 3_000;

describe('a node killed with SIGKILL mid-conversation', () => {
  it('loses no acknowledged message: each is stored exactly once and delivered after the clients reconnect to the other node', async () => {
    const { ctx, startNode, redis, prefix } = await startCluster();
    const env = { PRESENCE_TTL_MS: String(PRESENCE_TTL_MS) };
    const [doomed, survivor] = await Promise.all([startNode(env), startNode(env)]);
    const sender = await buildVip(ctx, 1, { sex: 1 });
    const recipient = await buildVip(ctx, 1, { sex: 0 });
    const bystander = await buildVip(ctx, 1, { sex: 0 });
    const friend = await buildVip(ctx, 1, { sex: 0 });
    const { socket: s } = await connectMember(doomed.url, sender.token);
    const { socket: r } = await connectMember(doomed.url, recipient.token);
    const { socket: b } = await connectMember(doomed.url, bystander.token);
    // The bystander's friend is on the other node and has her in her chat list.
    const { socket: f } = await connectMember(survivor.url, friend.token);
    await sayOk(b, friend.user.id, 'hello from the doomed node');
    await f.next(1);

    // The sender writes KILL_AFTER_ACKS messages without waiting, then the rest; the node dies as they leave.
    const clientIds = Array.from({ length: TOTAL }, (_, i) => `kill-${i}`);
    const acked = new Map<string, number>();
    let killedAt = 0;
    const killed = new Promise<void>((resolve) => {
      s.ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as ServerMessages[2];
        if (m.kind !== 2) return;
        acked.set(m.client_id, m.message.id);
        if (acked.size === KILL_AFTER_ACKS && !killedAt) {
          // The rest leave at once and the node dies right behind them: they are on the way (read,
          // maybe stored, never acknowledged) when it dies. Sent all at first, they would share one
          // commit, and their acknowledgements one write (frames of a turn leave together).
          for (const id of clientIds.slice(KILL_AFTER_ACKS)) send(id);
          killedAt = Date.now();
          doomed.process.kill('SIGKILL');
          resolve();
        }
      });
    });
    const send = (id: string) => s.send({ opt: 1, uid: recipient.user.id, client_id: id, content: `message ${id}` });
    for (const id of clientIds.slice(0, KILL_AFTER_ACKS)) send(id);
    await killed;
    expect((await doomed.exited).signal).toBe('SIGKILL');
    // The killed node's members count as online only while its heartbeat lasts: at most kill time + TTL.
    const nodes = await redis.smembers(`${prefix}presence:${bystander.user.id}`);
    expect(nodes).toHaveLength(1);
    expect(Number(await redis.zscore(`${prefix}nodes`, nodes[0]!))).toBeLessThanOrEqual(killedAt + PRESENCE_TTL_MS);
    await Promise.all([s.closed, r.closed, b.closed]);

    // The bystander never comes back: the surviving node notices her entries lapse and tells her friend, once.
    const offline = await f.next(4, (e) => e.uid === bystander.user.id, PRESENCE_TTL_MS * 4);
    expect(offline).toMatchObject({ opt: 100, uid: bystander.user.id, is_online: 0 });
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(PRESENCE_TTL_MS - 1_000);
    expect(await redis.exists(`${prefix}presence:${bystander.user.id}`)).toBe(0);
    const ackedBeforeKill = new Map(acked);
    const deliveredBeforeKill = r.received.filter((m) => m.kind === 1).map((m) => (m as ServerMessages[1]).message.id);

    // Both reconnect to the surviving node: the recipient catches up, the sender resends what was not acknowledged.
    const { socket: r2, contacts } = await connectMember(survivor.url, recipient.token);
    const { socket: s2 } = await connectMember(survivor.url, sender.token);
    const resent = await Promise.all(clientIds.filter((id) => !ackedBeforeKill.has(id)).map((id) => s2.request({ opt: 1, uid: recipient.user.id, client_id: id, content: `message ${id}` }, 2)));

    // The kill did land mid-conversation: some messages were never acknowledged by the dead node.
    expect(resent.length).toBeGreaterThan(0);
    // Stored exactly once each, under the id the acknowledgement named.
    const rows = await ctx.db.selectFrom('messages').select(['id', 'client_id']).where('sender_id', '=', sender.user.id).orderBy('id').execute();
    expect(rows.map((row) => row.client_id).sort()).toEqual([...clientIds].sort());
    for (const [id, messageId] of ackedBeforeKill) expect(rows.find((row) => row.client_id === id)?.id).toBe(messageId);
    for (const ack of resent) expect(rows.find((row) => row.client_id === ack.client_id)?.id).toBe(ack.message.id);

    // Delivered: before the kill, in the catch-up, or live after the resend.
    for (const ack of resent) await r2.next(1, (m) => m.message.id === ack.message.id);
    const delivered = new Set([...deliveredBeforeKill, ...contacts.messages.map((m) => m.id), ...r2.received.filter((m) => m.kind === 1).map((m) => (m as ServerMessages[1]).message.id)]);
    for (const row of rows) expect(delivered.has(row.id), `message ${row.client_id} delivered`).toBe(true);
    expect(contacts.contacts.find((c) => c.uid === sender.user.id)?.count).toBeGreaterThanOrEqual(ackedBeforeKill.size);
    const unread = await ctx.db.selectFrom('conversations').select('unread').where('user_id', '=', recipient.user.id).where('peer_id', '=', sender.user.id).executeTakeFirstOrThrow();
    expect(unread.unread).toBe(TOTAL);
    await barrier(f);
    expect(f.pending(4).filter((e) => (e as ServerMessages[4]).uid === bystander.user.id)).toEqual([]);
  });
});
