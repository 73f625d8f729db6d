import { describe, expect, it } from 'vitest';
import { barrier, buildVip, sayOk } from '../helpers/chat.js';
import { startCluster } from '../helpers/cluster.js';
import { connectMember } from '../helpers/socket-client.js';

describe('two server processes on one Redis', () => {
  it('exchange messages, presence and visibility changes between members connected to different nodes', async () => {
    const { ctx, startNode } = await startCluster();
    const [n1, n2] = await Promise.all([startNode(), startNode()]);
    const her = await buildVip(ctx, 1, { sex: 0 });
    const him = await buildVip(ctx, 1, { sex: 1 });
    const { socket: h1 } = await connectMember(n1.url, her.token);
    const { socket: m2 } = await connectMember(n2.url, him.token);

    // Messages, both ways.
    const sent = await sayOk(h1, him.user.id, 'from node 1');
    expect((await m2.next(1)).message).toEqual(sent.message);
    const reply = await sayOk(m2, her.user.id, 'from node 2');
    expect((await h1.next(1)).message).toEqual(reply.message);

    // Her other device on node 2 sees what she sent from node 1.
    const { socket: h2 } = await connectMember(n2.url, her.token);
    const again = await sayOk(h1, him.user.id, 'second');
    expect((await h2.next(1)).message.id).toBe(again.message.id);

    // Visibility: he (a man, on node 2) sees her go invisible as offline; her node-2 socket sees is_yin 0.
    expect(await h1.request({ opt: 9, is_yin: 0 }, 4)).toMatchObject({ uid: her.user.id, is_yin: 0 });
    expect(await m2.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 0, is_yin: 0 });
    expect(await h2.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_yin: 0 });
    await h1.request({ opt: 9, is_yin: 1 }, 4);
    expect(await m2.next(4, (e) => e.opt === 9 && e.is_yin === 1)).toMatchObject({ is_online: 1 });

    // Presence: she leaves node 1 but is still on node 2: nothing; she leaves node 2: offline; back on node 1: online.
    await h1.close();
    await h2.close();
    expect(await m2.next(4, (e) => e.opt === 100)).toMatchObject({ uid: her.user.id, is_online: 0 });
    expect(m2.pending(4)).toEqual([]);
    const { socket: back } = await connectMember(n1.url, her.token);
    expect(await m2.next(4, (e) => e.opt === 100)).toMatchObject({ uid: her.user.id, is_online: 1 });

    // A new contact's kind 0 on the other node shows her online.
    const { contacts } = await connectMember(n2.url, him.token);
    expect(contacts.contacts.find((c) => c.uid === her.user.id)).toMatchObject({ is_online: 1 });
    await back.close();
  });

  it('announce a visibility change made over HTTP on one node to contacts on the other', async () => {
    const { ctx, startNode } = await startCluster();
    const [n1, n2] = await Promise.all([startNode(), startNode()]);
    const her = await buildVip(ctx, 1, { sex: 0 });
    const him = await buildVip(ctx, 1, { sex: 1 });
    const { socket: h2 } = await connectMember(n2.url, her.token);
    const { socket: m2 } = await connectMember(n2.url, him.token);
    await sayOk(h2, him.user.id, 'hi');

    const res = await fetch(`http://127.0.0.1:${n1.port}/member/index/visibility`, {
      method: 'POST',
      headers: { authorization: `Bearer ${her.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'is_yin=0',
    });

    expect(((await res.json()) as { status: number }).status).toBe(200);
    expect(await m2.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 0, is_yin: 0 });
    expect(await h2.next(4, (e) => e.opt === 9)).toMatchObject({ uid: her.user.id, is_online: 1, is_yin: 0 });
  });

  it('announce offline, after a node shuts down gracefully, the members who did not reconnect elsewhere', async () => {
    const { ctx, startNode } = await startCluster();
    const env = { PRESENCE_TTL_MS: '3000' };
    const [leaving, staying] = await Promise.all([startNode(env), startNode(env)]);
    const gone = await buildVip(ctx, 1, { sex: 0 });
    const moved = await buildVip(ctx, 1, { sex: 0 });
    const watcher = await buildVip(ctx, 1, { sex: 1 });
    const { socket: g } = await connectMember(leaving.url, gone.token);
    const { socket: mv } = await connectMember(leaving.url, moved.token);
    const { socket: w } = await connectMember(staying.url, watcher.token);
    await sayOk(g, watcher.user.id, 'bye soon');
    await sayOk(mv, watcher.user.id, 'moving');

    await leaving.kill('SIGTERM');
    await Promise.all([g.closed, mv.closed]);
    // One member reconnects to the other node at once, as clients do; the other never comes back.
    await connectMember(staying.url, moved.token);

    expect(await w.next(4, (e) => e.uid === gone.user.id && e.is_online === 0, 10_000)).toMatchObject({ opt: 100 });
    await barrier(w);
    expect(w.pending(4).filter((e) => (e as { uid: number }).uid === moved.user.id && (e as { is_online: number }).is_online === 0)).toEqual([]);
  });

  it('re-sends every socket its catch-up when a node’s Redis subscription comes back, so nothing published meanwhile is lost', async () => {
    const { ctx, startNode, redis, prefix } = await startCluster();
    const [n1, n2] = await Promise.all([startNode(), startNode()]);
    const her = await buildVip(ctx, 1, { sex: 0 });
    const him = await buildVip(ctx, 1, { sex: 1 });
    const { socket: h1 } = await connectMember(n1.url, her.token);
    const { socket: m2 } = await connectMember(n2.url, him.token);

    // Cut the nodes' subscriptions (as a network blip would); ioredis reconnects and re-subscribes.
    const subscribers = ((await redis.client('LIST')) as string).split('\n').filter((l) => l.includes(`name=${prefix}sub:`));
    expect(subscribers).toHaveLength(2);
    for (const line of subscribers) await redis.client('KILL', 'ID', /(?:^| )id=(\d+)/.exec(line)![1]!);
    const sent = await sayOk(h1, him.user.id, 'during the gap');

    // Node 2 resyncs its socket from the database. Whether the message was published before or after
    // the subscription came back, the member has it: in the resync, or live.
    // (The resync may also come before the message was stored: then it is the live delivery.)
    const resync = await m2.next(0);
    if (resync.messages.some((m) => m.id === sent.message.id)) {
      expect(resync.contacts.find((c) => c.uid === her.user.id)).toMatchObject({ count: 1 });
    } else {
      await m2.next(1, (m) => m.message.id === sent.message.id);
    }
  });
});
