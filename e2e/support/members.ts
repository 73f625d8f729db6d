import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solvedChallenge } from './antispam.js';
import type { RunningServer } from './server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Member {
  id: number;
  username: string;
  token: string;
}

/** Posts a call as `token` (form fields, or multipart when a file is given) and answers `data`; any other status throws. */
export async function callAs<T>(base: string, token: string | undefined, call: string, body: Record<string, string | Blob>): Promise<T> {
  const hasFile = Object.values(body).some((v) => v instanceof Blob);
  const payload = hasFile ? new FormData() : new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v instanceof Blob) (payload as FormData).append(k, v, 'photo.jpg');
    else payload.append(k, v);
  }
  const res = await fetch(`${base}${call}`, { method: 'POST', body: payload, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const envelope = (await res.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${call} answered ${envelope.status}: ${envelope.msg}`);
  return envelope.data;
}

/** Registers a member through the real register call (sex 1 man, 0 woman), as the sign-up form does. */
export async function registerMember(base: string, username: string, sex: 0 | 1, password = 'secret123'): Promise<Member> {
  const data = await callAs<{ id: number; token: string }>(base, undefined, '/member/index/register', {
    username,
    email: `${username}@example.com`,
    password,
    sex: String(sex),
    birthday: String(Date.UTC(1992, 5, 15)),
    ...(await solvedAltcha(base)),
  });
  return { id: data.id, username, token: data.token };
}

/** The proof-of-work field as a form value, when the server asks for one. */
async function solvedAltcha(base: string): Promise<Record<string, string>> {
  const altcha = await solvedChallenge(base);
  return altcha ? { altcha } : {};
}

/** Uploads a local image file (dir 'photo' or 'dynamic') and answers its URL. */
export async function uploadFile(base: string, token: string, file: string, dir: 'photo' | 'dynamic'): Promise<string> {
  const blob = new Blob([fs.readFileSync(file)], { type: 'image/jpeg' });
  return (await callAs<{ url: string }>(base, token, '/member/index/uploads', { file: blob, dir })).url;
}

/**
 * Membership is bought through pay/upgrade, which later issues build; until then a journey that
 * needs a paid privilege (Search_users) sets the level in the journey server's own SQLite file,
 * with the server's own driver, as the administrator's console will.
 */
export function setVip(server: RunningServer, memberId: number, vip: 0 | 1 | 2) {
  const SQLite = createRequire(path.join(ROOT, 'apps/server/package.json'))('better-sqlite3') as typeof import('better-sqlite3');
  const db = new SQLite(path.join(server.dataDir, 'kindred.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('UPDATE users SET vip = ?, vip1_until = 0, vip2_until = 0 WHERE id = ?').run(vip, memberId).changes;
    if (changed !== 1) throw new Error(`no member ${memberId}`);
  } finally {
    db.close();
  }
}

interface ChatSocket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
  send(data: string): void;
  close(): void;
}

/**
 * Sends chat texts as `from` to member `to` over the real socket, one after the other, each
 * acknowledged (stored) before the next: a conversation's history without clicking through it.
 */
export async function sendChatTexts(base: string, from: Member, to: number, texts: string[]): Promise<void> {
  const WebSocket = createRequire(path.join(ROOT, 'apps/server/package.json'))('ws') as new (url: string) => ChatSocket;
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/socket`);
  const inbox: { kind: number; client_id?: string; message?: { client_id: string }; error?: string }[] = [];
  let wake = () => undefined as void;
  socket.on('message', (data) => {
    inbox.push(JSON.parse(String(data)));
    wake();
  });
  const next = async (match: (m: (typeof inbox)[number]) => boolean) => {
    for (;;) {
      const found = inbox.findIndex(match);
      if (found >= 0) return inbox.splice(found, 1)[0]!;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  try {
    socket.send(JSON.stringify({ opt: 100, uid: from.id, token: from.token }));
    await next((m) => m.kind === 0);
    for (const [i, content] of texts.entries()) {
      const clientId = `seed.${from.id}.${Date.now().toString(36)}.${i}`;
      socket.send(JSON.stringify({ opt: 1, uid: to, client_id: clientId, type: 'text', content }));
      const answer = await next((m) => (m.kind === 2 && m.message?.client_id === clientId) || ([7, 8, 10].includes(m.kind) && m.client_id === clientId));
      if (answer.kind !== 2) throw new Error(`chat message refused: ${answer.error}`);
    }
  } finally {
    socket.close();
  }
}

/**
 * Turns one cell of the permission matrix on or off in the journey server's own SQLite file (as the
 * administrator's console will), then waits until the server answers with it: it caches the matrix
 * for a few seconds.
 */
export async function setPermission(server: RunningServer, vip: 0 | 1 | 2, flag: string, allowed: boolean, token: string): Promise<void> {
  const SQLite = createRequire(path.join(ROOT, 'apps/server/package.json'))('better-sqlite3') as typeof import('better-sqlite3');
  const db = new SQLite(path.join(server.dataDir, 'kindred.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('DELETE FROM permissions WHERE vip = ? AND flag = ?').run(vip, flag);
    db.prepare('INSERT INTO permissions (vip, flag, allowed) VALUES (?, ?, ?)').run(vip, flag, allowed ? 1 : 0);
  } finally {
    db.close();
  }
  const deadline = Date.now() + 15_000;
  for (;;) {
    const data = await callAs<{ authority: Record<string, Record<string, number>> }>(server.url, token, '/member/index/initdata', {});
    if (data.authority[`vip${vip}`]?.[flag] === (allowed ? 1 : 0)) return;
    if (Date.now() > deadline) throw new Error(`the server still answers the old ${flag} for vip ${vip}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
