import { avatarUpload, likeToggle, memberWall, type LikeToggleWire, type MemberPageWire } from '@kindred/protocol';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';

/**
 * The web client posts a protocol call by its definition: the path comes from the call, the body
 * is typed by the call's schema and the answer by its answer. The @ts-expect-error lines are
 * checked by `npm run typecheck` (tsc -p apps/web): if one compiled, the directive would fail.
 */

/** The session store reads the browser's storage when it loads; Node has none. */
const storage = vi.hoisted(() => {
  class MemoryStorage {
    private items = new Map<string, string>();
    getItem = (key: string) => this.items.get(key) ?? null;
    setItem = (key: string, value: string) => void this.items.set(key, String(value));
    removeItem = (key: string) => void this.items.delete(key);
    clear = () => this.items.clear();
  }
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  Object.assign(globalThis, { localStorage: local, sessionStorage: session });
  return { local, session };
});

const { ApiError, call, callEnvelope } = await import('../src/api/client');
const { useSession } = await import('../src/state/session');

interface Posted {
  url: string;
  method: string;
  body: URLSearchParams | FormData;
  headers: Record<string, string>;
}

let posted: Posted[] = [];
function answerWith(envelope: unknown) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posted.push({ url, method: String(init.method), body: init.body as URLSearchParams | FormData, headers: init.headers as Record<string, string> });
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  posted = [];
  storage.local.clear();
  storage.session.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null });
});

/** Never called: each line is a type error, which is what this function is for. */
export async function wrongCalls() {
  // @ts-expect-error likeToggle's body names `target_id`, not `targetId`
  await call(likeToggle, { targetId: 1 });
  // @ts-expect-error likeToggle needs a body
  await call(likeToggle);
  // @ts-expect-error `target_id` is a number or numeric text, not a list
  await call(likeToggle, { target_id: [1] });
  // @ts-expect-error likeToggle answers { is_like, likecount }, not a page of members
  const page: MemberPageWire = await call(likeToggle, { target_id: 1 });
  // @ts-expect-error likeToggle takes no file
  await call(likeToggle, { target_id: 1, file: new Blob() });
  // @ts-expect-error a path is not a call
  await call('/member/like/like', { target_id: 1 });
  return page;
}

describe('call(definition, body)', () => {
  it("posts the body as a form to the call's path and answers data, typed by the call", async () => {
    useSession.setState({ token: 'tok' });
    answerWith({ status: 200, msg: 'follow', data: { is_like: 1, likecount: 3 } });

    const answer = await call(likeToggle, { target_id: 9 });

    expectTypeOf(answer).toEqualTypeOf<LikeToggleWire>();
    expect(answer).toEqual({ is_like: 1, likecount: 3 });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/member/like/like');
    expect(posted[0]!.method).toBe('POST');
    expect(posted[0]!.headers).toEqual({ Authorization: 'Bearer tok' });
    expect(String(posted[0]!.body)).toBe('target_id=9');
  });

  it('lets calls without required fields go without a body', async () => {
    answerWith({ status: 200, msg: 'success', data: { data: [], user: { vip: 0 }, page: 1, last_page: 1, total: 0 } });
    const page = await call(memberWall);
    expectTypeOf(page).toEqualTypeOf<MemberPageWire>();
    expect(page.total).toBe(0);
    expect([posted[0]!.url, String(posted[0]!.body)]).toEqual(['/member/index/memberwall', '']);
  });

  it('sends the file fields a call declares as multipart', async () => {
    answerWith({ status: 200, msg: 'success', data: { url: '/u/1.png', path: '/u/1.png' } });
    const answer = await call(avatarUpload, { img: new Blob(['png'], { type: 'image/png' }) });
    expect(answer.path).toBe('/u/1.png');
    expect(posted[0]!.body).toBeInstanceOf(FormData);
    expect((posted[0]!.body as FormData).get('img')).toBeInstanceOf(Blob);
  });

  it('throws an ApiError for any other status; callEnvelope answers it as is', async () => {
    answerWith({ status: 400, msg: 'bad', data: { fields: { target_id: 'required' } }, error: 'validation' });
    const failure = await call(likeToggle, { target_id: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, id: 'validation', fields: { target_id: 'required' } });

    const envelope = await callEnvelope(likeToggle, { target_id: 1 });
    expect(envelope).toMatchObject({ status: 400, error: 'validation' });
  });
});
