import { avatarUpload, likeToggle, passwordForget, type LikeToggleWire } from '@kindred/protocol';
import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it, onTestFinished } from 'vitest';
import type { Member } from '../src/domain/member.js';
import { ok } from '../src/http/envelope.js';
import { installErrorHandler } from '../src/http/error-handler.js';
import { installMultipart } from '../src/http/multipart-reader.js';
import { createRouter, type Router } from '../src/http/router.js';
import type { UploadedFile } from '../src/http/uploaded-file.js';

/**
 * router.handle takes a protocol call and types its handler by it: the body is the call's body,
 * the caller is a member unless the call is public, and the answer must be the call's answer.
 * The lines marked @ts-expect-error are checked by `npm run typecheck` (tsc -p apps/server): if
 * one of them compiled, the directive itself would be the error.
 */
async function bareRouter() {
  const app = Fastify({ routerOptions: { caseSensitive: false } });
  installErrorHandler(app);
  await installMultipart(app);
  const member = { id: 7, username: 'seven', sex: 0, role: 'member', status: 1, vip: 0, sessionId: 1 } as Member;
  const router = createRouter(app, { authenticate: async (token) => (token === 'good' ? member : null), authenticateStaff: async () => null, can: async () => true });
  onTestFinished(() => app.close());
  return { app, router };
}

/** Never called: each handler here is a type error, which is what this function is for. */
export function wrongHandlers(router: Router) {
  // @ts-expect-error likeToggle's body has no field `targetId` (it is `target_id`)
  router.handle(likeToggle, async ({ body }) => ok({ is_like: 1 as const, likecount: body.targetId }));
  // @ts-expect-error the answer lacks `likecount`
  router.handle(likeToggle, async () => ok({ is_like: 1 as const }));
  // @ts-expect-error `is_like` is 0 or 1, not a string
  router.handle(likeToggle, async () => ok({ is_like: 'yes', likecount: 1 }));
  // @ts-expect-error forget answers null, not the member
  router.handle(passwordForget, async ({ member }) => ok(member));
  // @ts-expect-error a path is not a call: routes are registered by their protocol definition only
  router.handle('/member/like/like', async () => ok(null));
  router.handle(likeToggle, async ({ files }) => {
    // @ts-expect-error likeToggle takes no files
    return ok({ is_like: files.file ? 1 : 0, likecount: 0 });
  });
}

describe('router.handle', () => {
  it("gives the handler the call's body and caller and answers what it returns", async () => {
    const { app, router } = await bareRouter();
    router.handle(likeToggle, async ({ body, member }) => {
      expectTypeOf(body).toEqualTypeOf<{ target_id: number }>();
      expectTypeOf(member).toEqualTypeOf<Member>();
      return ok<LikeToggleWire>({ is_like: 1, likecount: body.target_id + member.id });
    });
    router.handle(passwordForget, async ({ body, member }) => {
      expectTypeOf(member).toEqualTypeOf<Member | null>();
      return ok(null, `${body.email} ${member ? 'member' : 'visitor'}`);
    });
    router.handle(avatarUpload, async ({ files }) => {
      expectTypeOf(files).toEqualTypeOf<Partial<Record<'img' | 'file', UploadedFile>>>();
      return ok({ url: 'u', path: 'u' });
    });

    const liked = await app.inject({ method: 'POST', url: '/MEMBER/like/LIKE', headers: { authorization: 'Bearer good' }, payload: { target_id: '5' } });
    expect(liked.json()).toEqual({ status: 200, msg: 'success', data: { is_like: 1, likecount: 12 } });

    const visitor = await app.inject({ method: 'POST', url: '/member/like/like', payload: { target_id: 5 } });
    expect([visitor.statusCode, visitor.json().error]).toEqual([401, 'unauthorized']);

    const badBody = await app.inject({ method: 'POST', url: '/member/like/like', headers: { authorization: 'Bearer good' }, payload: { targetId: 5 } });
    expect([badBody.statusCode, Object.keys(badBody.json().data.fields)]).toEqual([400, ['target_id']]);

    const forget = await app.inject({ method: 'POST', url: '/member/index/forget', payload: { email: 'A@Example.test' } });
    expect(forget.json()).toMatchObject({ status: 200, msg: 'a@example.test visitor', data: null });
  });
});
