import { adminReportAct, staffMe } from '@kindred/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console keeps its own session: staff calls carry the console's token, never the member's,
 * and a refused console token ends the console session only (a member signed in in the same
 * browser stays signed in).
 */

const storage = vi.hoisted(() => {
  class MemoryStorage {
    private items = new Map<string, string>();
    getItem = (key: string) => this.items.get(key) ?? null;
    setItem = (key: string, value: string) => void this.items.set(key, String(value));
    removeItem = (key: string) => void this.items.delete(key);
    clear = () => this.items.clear();
    key = (i: number) => [...this.items.keys()][i] ?? null;
    get length() {
      return this.items.size;
    }
  }
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  Object.assign(globalThis, { localStorage: local, sessionStorage: session });
  return { local, session };
});

const { adminCall } = await import('../src/api/admin-client');
const { ApiError } = await import('../src/api/client');
const { useAdminSession } = await import('../src/state/admin-session');
const { useSession } = await import('../src/state/session');

let headers: Record<string, string>[] = [];
function answerWith(envelope: unknown) {
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    headers.push(init.headers as Record<string, string>);
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  headers = [];
  storage.local.clear();
  storage.session.clear();
  useSession.setState({ token: 'member-token', user: null });
  useAdminSession.getState().signIn('staff-token', { id: 1, username: 'admin' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null });
  useAdminSession.getState().clear();
});

describe('adminCall', () => {
  it("signs staff calls with the console's token, kept in sessionStorage apart from the member's", async () => {
    answerWith({ status: 200, msg: 'ok', data: { id: 1, username: 'admin' } });
    await adminCall(staffMe);
    expect(headers).toEqual([{ Authorization: 'Bearer staff-token' }]);
    expect(storage.session.getItem('kindred.admin.token')).toBe('staff-token');
    expect(storage.local.getItem('kindred.admin.token')).toBeNull();
  });

  it('a 401 ends the console session (marked expired) and leaves the member session alone', async () => {
    answerWith({ status: 401, msg: 'unauthorized', data: null, error: 'unauthorized' });
    const failure = await adminCall(staffMe).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(useAdminSession.getState()).toMatchObject({ token: null, staff: null, expired: true });
    expect(storage.session.getItem('kindred.admin.token')).toBeNull();
    expect(useSession.getState().token).toBe('member-token');
  });

  it('any other failure throws its status and id and keeps the session', async () => {
    answerWith({ status: 404, msg: 'Not found', data: null, error: 'not_found' });
    const failure = await adminCall(adminReportAct, { id: 9, action: 'warn', result: 'Be kind' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 404, id: 'not_found' });
    expect(useAdminSession.getState().token).toBe('staff-token');
  });
});
