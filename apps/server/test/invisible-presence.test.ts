import { describe, expect, it } from 'vitest';
import { barrier, buildVip, sayOk } from './helpers/chat.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

// docs/product-rules.md §4: men see an invisible woman offline. Her coming and going must not reach
// them either, or the moment of the frame would tell when she became active (hardening finding 8).
describe('presence of an invisible member', () => {
  it('tells women when she connects and leaves, and men nothing at all', async () => {
    const ctx = await startApp();
    const her = await buildVip(ctx, 1, { sex: 0 });
    const man = await buildVip(ctx, 1, { sex: 1 });
    const woman = await buildVip(ctx, 1, { sex: 0 });
    const first = await connectMember(ctx, her.token);
    await sayOk(first.socket, man.user.id, 'hi');
    await sayOk(first.socket, woman.user.id, 'hi');
    await first.socket.request({ opt: 9, is_yin: 0 }, 4);
    await first.socket.close();
    const { socket: m } = await connectMember(ctx, man.token);
    const { socket: w } = await connectMember(ctx, woman.token);
    await barrier(m);
    const before = m.received.length;

    const { socket: again } = await connectMember(ctx, her.token);
    expect(await w.next(4, (e) => e.uid === her.user.id && e.is_online === 1)).toMatchObject({ opt: 100, is_yin: 0 });
    await again.close();
    expect(await w.next(4, (e) => e.uid === her.user.id && e.is_online === 0)).toMatchObject({ opt: 100, is_yin: 0 });

    // Both frames went out in the same delivery as the woman's; a round trip on his socket flushes his.
    await barrier(m);
    expect(m.received.slice(before).filter((e) => e.kind === 4)).toEqual([]);
  });
});
