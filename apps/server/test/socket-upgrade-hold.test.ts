import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { KIND, SOCKET_CLOSE } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { buildUser } from './helpers/factories.js';
import { connectMember, socketUrl } from './helpers/socket-client.js';
import { startApp, type TestApp } from './helpers/test-app.js';

/**
 * An authenticated upgrade's 101 is held in the socket until the member is online and caught up
 * (realtime/connection.ts holdUpgrade): it leaves with the first frame, kind 0, in one write. Every
 * other way out of the registration — a refusal, a session that ended meanwhile — lets it out too.
 */
async function rawUpgrade(ctx: TestApp, token: string): Promise<{ socket: Socket; chunks: Buffer[] }> {
  const url = new URL(await socketUrl(ctx));
  const socket = connect(Number(url.port), url.hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    [
      `GET /socket?token=${encodeURIComponent(token)} HTTP/1.1`,
      `Host: ${url.host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  return { socket, chunks };
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The frames after a 101 (unmasked, as a server sends them, each under 64 KB). */
function frames(data: Buffer): { opcode: number; payload: Buffer }[] {
  const end = data.indexOf('\r\n\r\n');
  const found: { opcode: number; payload: Buffer }[] = [];
  let at = end + 4;
  while (end >= 0 && data.length >= at + 2) {
    const opcode = data[at]! & 0x0f;
    let length = data[at + 1]! & 0x7f;
    at += 2;
    if (length === 126) {
      length = data.readUInt16BE(at);
      at += 2;
    }
    if (data.length < at + length) break;
    found.push({ opcode, payload: data.subarray(at, at + length) });
    at += length;
  }
  return found;
}

const CLOSE = 8;
const UNAUTHORIZED = SOCKET_CLOSE.unauthorized;
const TOO_MANY = SOCKET_CLOSE.tooManySockets;

describe('the held upgrade', () => {
  it('sends the 101 and kind 0 in the same write', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const { socket, chunks } = await rawUpgrade(ctx, member.token);
    await until(() => chunks.length > 0);
    // The first chunk read holds both: they were written together (one writev on loopback).
    const first = chunks[0]!;
    expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 101 /);
    const [frame] = frames(first);
    expect(frame?.opcode).toBe(1);
    expect(JSON.parse(frame!.payload.toString())).toMatchObject({ kind: KIND.contacts, uid: member.user.id });
    socket.destroy();
  });

  it('lets the 101 out when the member is refused after the upgrade', async () => {
    const ctx = await startApp({ env: { SOCKET_MAX_PER_MEMBER: '1' } });
    const member = await buildUser(ctx);
    // Read in one batch, both pass the upgrade's check; the second is refused once registered
    // (rate_limited, then 4409) — or at the upgrade (429) if the first was registered by then.
    const both = await Promise.all([rawUpgrade(ctx, member.token), rawUpgrade(ctx, member.token)]);
    const text = (s: { chunks: Buffer[] }) => Buffer.concat(s.chunks);
    const answered = (data: Buffer) => data.toString('latin1').startsWith('HTTP/1.1 429 ') || frames(data).some((f) => f.opcode === CLOSE);
    await until(() => both.some((s) => answered(text(s))));
    const refused = both.find((s) => answered(text(s)))!;
    const admitted = both.find((s) => s !== refused)!;
    if (text(refused).toString('latin1').startsWith('HTTP/1.1 101 ')) {
      const [refusal, close] = frames(text(refused));
      expect(JSON.parse(refusal!.payload.toString())).toMatchObject({ status: 'error', error: 'rate_limited' });
      expect(close!.payload.readUInt16BE(0)).toBe(TOO_MANY);
    }
    await until(() => frames(text(admitted)).length > 0);
    expect(JSON.parse(frames(text(admitted))[0]!.payload.toString())).toMatchObject({ kind: KIND.contacts, uid: member.user.id });
    for (const s of both) s.socket.destroy();
  });

  it('lets the 101 out for a session ended while its socket connects', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx);
    const { socket: live } = await connectMember(ctx, member.token);
    const raw = await rawUpgrade(ctx, member.token);
    await ctx.services.sessionRevocation.endSessions({ userId: member.user.id });
    // Refused at the upgrade (401), or upgraded and then closed (4401): never left waiting.
    await until(() => {
      const data = Buffer.concat(raw.chunks);
      return data.toString('latin1').startsWith('HTTP/1.1 401 ') || frames(data).some((f) => f.opcode === CLOSE && f.payload.readUInt16BE(0) === UNAUTHORIZED);
    });
    expect((await live.closed).code).toBe(UNAUTHORIZED);
    raw.socket.destroy();
  });
});
