import { describe, expect, it } from 'vitest';
import { barrier, buildVip, say, sayOk } from '../helpers/chat.js';
import { startCluster } from '../helpers/cluster.js';
import { connectMember } from '../helpers/socket-client.js';

const post = async (base: string, token: string, path: string, form: Record<string, string>) => {
  const res = await fetch(`${base.replace(/^ws/, "http")}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { status: number; error?: string };
};

describe('blocking across two server processes on one Redis', () => {
  it('refuses the blocked member on the other node and tells neither of the other one presence', async () => {
    const { ctx, startNode } = await startCluster();
    const [n1, n2] = await Promise.all([startNode(), startNode()]);
    const her = await buildVip(ctx, 2, { sex: 0 });
    const him = await buildVip(ctx, 2, { sex: 1 });
    // A third member, on his node, who keeps hearing of her: the control that frames did travel.
    const friend = await buildVip(ctx, 2, { sex: 1 });
    const { socket: h1 } = await connectMember(n1.url, her.token);
    const { socket: m2 } = await connectMember(n2.url, him.token);
    const { socket: f2 } = await connectMember(n2.url, friend.token);
    await sayOk(m2, her.user.id, 'hello from node 2');
    await sayOk(f2, her.user.id, 'hi, friend here');
    await sayOk(h1, him.user.id, 'hello back');
    await sayOk(h1, friend.user.id, 'hello friend');

    // She blocks him on node 1: both chat lists drop the conversation (kind 6), his on node 2 too.
    expect(await post(n1.url, her.token, '/member/block/add', { userid: String(him.user.id) })).toMatchObject({ status: 200 });
    expect(await h1.next(6, (e) => e.uid === him.user.id)).toMatchObject({ kind: 6 });
    expect(await m2.next(6, (e) => e.uid === her.user.id)).toMatchObject({ kind: 6 });

    // His message from node 2 is refused, and nothing reaches her on node 1.
    expect(await say(m2, her.user.id, 'are you there?')).toMatchObject({ kind: 10, error: 'blocked_by_member', uid: her.user.id });
    expect(await say(h1, him.user.id, 'bye')).toMatchObject({ kind: 10, error: 'member_blocked' });

    // Her visibility switch and her reconnect reach her friend on node 2, never him.
    await h1.request({ opt: 9, is_yin: 0 }, 4);
    expect(await f2.next(4, (e) => e.uid === her.user.id && e.opt === 9)).toMatchObject({ is_yin: 0 });
    await h1.request({ opt: 9, is_yin: 1 }, 4);
    expect(await f2.next(4, (e) => e.uid === her.user.id && e.opt === 9)).toMatchObject({ is_yin: 1 });
    await h1.close();
    expect(await f2.next(4, (e) => e.uid === her.user.id && e.opt === 100)).toMatchObject({ is_online: 0 });
    const { socket: back } = await connectMember(n1.url, her.token);
    expect(await f2.next(4, (e) => e.uid === her.user.id && e.opt === 100)).toMatchObject({ is_online: 1 });
    // And his going and coming back on node 2 never reaches her on node 1.
    await m2.close();
    const { socket: m2again } = await connectMember(n2.url, him.token);
    await Promise.all([barrier(m2again), barrier(back), barrier(f2)]);
    expect(m2again.pending(4).filter((e) => 'uid' in e && e.uid === her.user.id)).toEqual([]);
    expect(back.pending(4).filter((e) => 'uid' in e && e.uid === him.user.id)).toEqual([]);
    expect(back.pending(1)).toEqual([]);

    // Unblocked on node 2: he writes again, and she hears it on node 1.
    expect(await post(n2.url, her.token, '/member/block/remove', { userid: String(him.user.id) })).toMatchObject({ status: 200 });
    const sent = await sayOk(m2again, her.user.id, 'friends again?');
    expect((await back.next(1, (e) => e.message.id === sent.message.id)).message.content).toBe('friends again?');
  });
});
