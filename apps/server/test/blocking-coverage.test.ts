import { CALLS, OPT, type AnyCall } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { barrier, say } from './helpers/chat.js';
import { block, blockingWorld, bothWays, listedIds, type BlockingWorld } from './helpers/blocking-world.js';
import { buildLike } from './helpers/discovery-factories.js';
import { as, type BuiltUser } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';

/**
 * Blocking must hold on every path (docs/product-rules.md, "Blocking"). This file enumerates the
 * call table and the socket's opts: every member call and every opt is either covered by a scenario
 * below or named, with the reason, as not being about another member. A new call or opt fails here
 * until someone decides which it is, so a new route cannot forget the block.
 *
 * A scenario runs in a fresh world (blocking-world.ts): `before` shows the path reaching the other
 * member (so the check is not vacuous), then `a` blocks `b`, then `after` shows it hidden or refused.
 */
interface Scenario {
  before(w: BlockingWorld): Promise<void>;
  after(w: BlockingWorld): Promise<void>;
}

/** Member calls about oneself only, with why. */
const NOT_ABOUT_ANOTHER_MEMBER: Record<string, string> = {
  '/member/index/userinfo': 'own account',
  '/member/index/info': 'own account',
  '/member/index/profile': 'own profile',
  '/member/index/changesignature': 'own signature',
  '/member/index/visibility': 'own switch; its kind 4 frames are the presence scenario (opt 9)',
  '/member/index/lang': 'own language',
  '/member/index/initdata': 'permission matrix',
  '/member/index/uploads': 'own upload',
  '/member/index/uploadImg': 'own avatar',
  '/member/index/senotice': 'own notices',
  '/member/index/upnotice': 'own notices',
  '/member/index/translate': 'text only',
  '/member/trend/my_trend': 'own trends',
  '/member/trend/released': 'own trend',
  '/member/trend/del': 'own trend',
  '/member/photo/my_photo': 'own album',
  '/member/photo/released': 'own album',
  '/member/photo/del_photo': 'own album',
  '/member/backphoto/released': 'own backgrounds',
  '/member/backphoto/deletephoto': 'own backgrounds',
  '/member/index/changepwd': 'own password',
  '/member/index/logout': 'own session',
  '/member/recharge/package': 'price list',
  '/member/Upgrade/package': 'price list',
  '/member/pay/generateuuid': 'own payment',
  '/member/Pay/pay': "own payment (user_id / gainer_id must be the caller's)",
  '/member/pay/order': 'own order',
  '/member/reports/getReports': 'own reports, made and received (masked)',
  '/member/account/delete': 'own account',
  '/member/account/export': 'own data',
  '/member/shop/gift': 'gift catalogue',
  '/member/shop/detail': 'gift catalogue',
  '/member/shop/received_gift': 'own received gifts',
  '/member/block/add': 'the blocking calls themselves (blocks.test.ts)',
  '/member/block/remove': 'the blocking calls themselves (blocks.test.ts)',
  '/member/block/list': 'the blocking calls themselves (blocks.test.ts)',
};

const post = (w: BlockingWorld, who: BuiltUser, path: string, form: Record<string, string | number> = {}) => as(w.ctx, who.token).post(path, form);

/** A member list: each sees the other before, neither after (in both directions). */
function listScenario(path: string, form: (other: BuiltUser) => Record<string, string | number> = () => ({})): Scenario {
  const check = async (w: BlockingWorld, visible: boolean) => {
    for (const [viewer, other] of bothWays(w)) expect([path, viewer.user.username, listedIds((await post(w, viewer, path, form(other))).body).includes(other.user.id)]).toEqual([path, viewer.user.username, visible]);
  };
  return { before: (w) => check(w, true), after: (w) => check(w, false) };
}

/** Likes both ways, made again after the block too: a like that raced the block stays out of sight. */
const likeBothWays = async ({ ctx, a, b }: BlockingWorld) => {
  await buildLike(ctx, a, b).catch(() => undefined);
  await buildLike(ctx, b, a).catch(() => undefined);
};
function likeListScenario(path: string): Scenario {
  const list = listScenario(path);
  return {
    before: async (w) => (await likeBothWays(w), list.before(w)),
    after: async (w) => (await likeBothWays(w), list.after(w)),
  };
}

/** A view of the other member: answers before, "user does not exist" after, both ways. */
function viewScenario(path: string, form: (other: BuiltUser) => Record<string, string | number>, hasContent: (data: any) => boolean): Scenario {
  return {
    before: async (w) => {
      for (const [viewer, other] of bothWays(w)) {
        const res = await post(w, viewer, path, form(other));
        expect([path, res.body.status, hasContent(res.body.data)]).toEqual([path, 200, true]);
      }
    },
    after: async (w) => {
      for (const [viewer, other] of bothWays(w)) expect((await post(w, viewer, path, form(other))).body).toMatchObject({ status: -1, error: 'user_not_found' });
    },
  };
}

/** Contact with the other member: accepted before; after, the blocker hears member_blocked and the blocked member blocked_by_member. */
function contactScenario(path: string, form: (other: BuiltUser) => Record<string, string | number>): Scenario {
  return {
    before: async (w) => {
      for (const [viewer, other] of bothWays(w)) expect([path, (await post(w, viewer, path, form(other))).body.status]).toEqual([path, 200]);
    },
    after: async (w) => {
      for (const [viewer, other, error] of [[w.a, w.b, 'member_blocked'], [w.b, w.a, 'blocked_by_member']] as const) {
        const res = await post(w, viewer, path, form(other));
        expect([path, res.http, res.body.error]).toEqual([path, 403, error]);
      }
    },
  };
}

const mailTo = (other: BuiltUser) => ({ email: other.user.username, content: 'hello there' });
const inbox = async (w: BlockingWorld, who: BuiltUser) => (await post(w, who, '/member/email/emaillist')).body.data as { data: { sender_id: number; eid: number }[]; unread: number };

/** A gift on sale, from the seeded catalogue. */
const giftTo = (w: BlockingWorld) => async (other: BuiltUser) => {
  const gift = await w.ctx.db.selectFrom('gifts').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  return { username: other.user.username, giftid: gift.id, message: 'for you' };
};

/**
 * Calls about another member that a block deliberately does not stop, each with a scenario showing
 * it still works: a member must be able to report the member they blocked (and be reported).
 */
const ALLOWED_ACROSS_A_BLOCK: Record<string, Scenario> = {
  '/member/reports/reports': {
    before: async () => undefined,
    after: async (w) => {
      const res = await as(w.ctx, w.a.token).postMultipart('/member/reports/reports', { userid: String(w.b.user.id), type: '2', email: 'a@example.test', content: 'harassment' });
      expect(res.body.status).toBe(200);
    },
  },
};

const HTTP_CHECKED: Record<string, Scenario> = {
  '/member/index/userlist': {
    before: async (w) => {
      await likeBothWays(w);
      for (const type of ['all', 'online', 'latest', 'auth', 'vip', 'i_like', 'love_me', 'mutual']) await listScenario('/member/index/userlist', () => ({ type })).before(w);
      await listScenario('/member/index/userlist', (other) => ({ username: other.user.username.slice(0, 5) })).before(w);
    },
    after: async (w) => {
      await likeBothWays(w);
      for (const type of ['all', 'online', 'latest', 'auth', 'vip', 'i_like', 'love_me', 'mutual']) await listScenario('/member/index/userlist', () => ({ type })).after(w);
      await listScenario('/member/index/userlist', (other) => ({ username: other.user.username.slice(0, 5) })).after(w);
    },
  },
  '/member/index/onlinelist': listScenario('/member/index/onlinelist'),
  '/member/index/new_opposite_sex': listScenario('/member/index/new_opposite_sex'),
  '/member/index/memberwall': listScenario('/member/index/memberwall'),
  '/member/index/search_opposite_sex': listScenario('/member/index/search_opposite_sex', (other) => ({ username: other.user.username })),
  '/member/index/recommend': listScenario('/member/index/recommend'),
  '/member/like/i_like': likeListScenario('/member/like/i_like'),
  '/member/like/love_me': likeListScenario('/member/like/love_me'),
  '/member/like/mutual_like': likeListScenario('/member/like/mutual_like'),
  '/member/index/userdetail': viewScenario('/member/index/userdetail', (o) => ({ id: o.user.id }), (d) => d.id > 0),
  '/member/photo/his_photo': viewScenario('/member/photo/his_photo', (o) => ({ userid: o.user.id }), (d) => d.data.length > 0),
  '/member/trend/his_trend': viewScenario('/member/trend/his_trend', (o) => ({ userid: o.user.id }), (d) => d.data.length > 0),
  '/member/trend/trend': {
    before: async (w) => {
      for (const [viewer, other] of bothWays(w)) expect(((await post(w, viewer, '/member/trend/trend')).body.data.data as { mid: number }[]).some((t) => t.mid === other.user.id)).toBe(true);
    },
    after: async (w) => {
      for (const [viewer, other] of bothWays(w)) expect(((await post(w, viewer, '/member/trend/trend')).body.data.data as { mid: number }[]).some((t) => t.mid === other.user.id)).toBe(false);
    },
  },
  '/member/like/like': contactScenario('/member/like/like', (o) => ({ target_id: o.user.id })),
  // A gift writes a message into the conversation: refused like one, and nothing is charged.
  '/member/gift/gift_giving': {
    before: async (w) => {
      for (const [viewer, other] of bothWays(w)) expect((await post(w, viewer, '/member/gift/gift_giving', await giftTo(w)(other))).body.status).toBe(200);
    },
    after: async (w) => {
      const credits = async () => (await w.ctx.db.selectFrom('users').select('credits').where('id', 'in', [w.a.user.id, w.b.user.id]).orderBy('id').execute()).map((r) => Number(r.credits));
      const held = await credits();
      for (const [viewer, other, error] of [[w.a, w.b, 'member_blocked'], [w.b, w.a, 'blocked_by_member']] as const) {
        const res = await post(w, viewer, '/member/gift/gift_giving', await giftTo(w)(other));
        expect([res.http, res.body.error]).toEqual([403, error]);
      }
      expect(await credits()).toEqual(held);
    },
  },
  '/member/email/released': contactScenario('/member/email/released', mailTo),
  '/member/email/emaillist': {
    before: async (w) => {
      for (const [viewer, other] of bothWays(w)) await post(w, other, '/member/email/released', mailTo(viewer));
      for (const [viewer, other] of bothWays(w)) expect((await inbox(w, viewer)).data.some((m) => m.sender_id === other.user.id)).toBe(true);
    },
    after: async (w) => {
      for (const [viewer, other] of bothWays(w)) {
        const page = await inbox(w, viewer);
        expect([page.data.some((m) => m.sender_id === other.user.id), page.unread]).toEqual([false, 0]);
      }
    },
  },
  '/member/email/updatestatus': {
    before: async (w) => {
      for (const [viewer, other] of bothWays(w)) await post(w, other, '/member/email/released', mailTo(viewer));
      for (const [viewer] of bothWays(w)) {
        const [mail] = (await inbox(w, viewer)).data;
        expect((await post(w, viewer, '/member/email/updatestatus', { id: mail!.eid })).body.status).toBe(200);
      }
    },
    after: async (w) => {
      const ids = await w.ctx.db.selectFrom('mails').select(['id', 'recipient_id']).execute();
      for (const [viewer] of bothWays(w)) {
        const mail = ids.find((m) => m.recipient_id === viewer.user.id)!;
        expect((await post(w, viewer, '/member/email/updatestatus', { id: mail.id })).body).toMatchObject({ error: 'user_not_found' });
      }
    },
  },
};

/** Socket opts about oneself only, with why. */
const OPTS_NOT_ABOUT_ANOTHER_MEMBER: Record<number, string> = {
  [OPT.read]: "marks the caller's own side read; nothing reaches the other member",
  [OPT.delete]: "hides the caller's own side; nothing reaches the other member",
  [OPT.ping]: 'keep-alive',
};

const chatting = async (w: BlockingWorld) => {
  const { socket: sa } = await connectMember(w.ctx, w.a.token);
  const { socket: sb } = await connectMember(w.ctx, w.b.token);
  return { sa, sb };
};

const OPTS_CHECKED: Record<number, Scenario> = {
  [OPT.open]: {
    before: async (w) => {
      const { sa, sb } = await chatting(w);
      expect(await sa.request({ opt: OPT.open, uid: w.b.user.id }, 3)).toMatchObject({ uid: w.b.user.id });
      expect(await sb.request({ opt: OPT.open, uid: w.a.user.id }, 3)).toMatchObject({ uid: w.a.user.id });
    },
    after: async (w) => {
      const { sa, sb } = await chatting(w);
      expect(await sa.request({ opt: OPT.open, uid: w.b.user.id }, 10)).toMatchObject({ error: 'member_blocked', uid: w.b.user.id });
      expect(await sb.request({ opt: OPT.open, uid: w.a.user.id }, 10)).toMatchObject({ error: 'blocked_by_member', uid: w.a.user.id });
    },
  },
  [OPT.send]: {
    before: async (w) => {
      const { sa, sb } = await chatting(w);
      expect(await say(sb, w.a.user.id, 'hi ann')).toMatchObject({ kind: 2 });
      expect(await sa.next(1)).toMatchObject({ message: { content: 'hi ann' } });
      expect(await say(sa, w.b.user.id, 'hi bob')).toMatchObject({ kind: 2 });
    },
    after: async (w) => {
      const { sa, sb } = await chatting(w);
      expect(await say(sb, w.a.user.id, 'still there?')).toMatchObject({ kind: 10, opt: 1, error: 'blocked_by_member', uid: w.a.user.id });
      expect(await say(sa, w.b.user.id, 'bye')).toMatchObject({ kind: 10, opt: 1, error: 'member_blocked', uid: w.b.user.id });
      await barrier(sa);
      expect(sa.pending(1)).toEqual([]);
      expect(await w.ctx.db.selectFrom('messages').select('content').where('content', 'in', ['still there?', 'bye']).execute()).toEqual([]);
    },
  },
  [OPT.history]: {
    before: async (w) => {
      const { sa, sb } = await chatting(w);
      await say(sb, w.a.user.id, 'older');
      expect((await sa.request({ opt: OPT.history, uid: w.b.user.id }, 3)).messages.length).toBe(1);
    },
    after: async (w) => {
      const { sa, sb } = await chatting(w);
      expect(await sa.request({ opt: OPT.history, uid: w.b.user.id }, 10)).toMatchObject({ error: 'member_blocked' });
      expect(await sb.request({ opt: OPT.history, uid: w.a.user.id }, 10)).toMatchObject({ error: 'blocked_by_member' });
    },
  },
  // The catch-up (kind 0): the chat list and unread messages leave the other member out.
  [OPT.init]: {
    before: async (w) => {
      const { sb } = await chatting(w);
      await say(sb, w.a.user.id, 'unread one');
      const { contacts } = await connectMember(w.ctx, w.a.token);
      expect([contacts.contacts.some((c) => c.uid === w.b.user.id), contacts.messages.length, contacts.unread]).toEqual([true, 1, 1]);
      expect((await connectMember(w.ctx, w.b.token)).contacts.contacts.some((c) => c.uid === w.a.user.id)).toBe(true);
    },
    after: async (w) => {
      const { contacts } = await connectMember(w.ctx, w.a.token);
      expect([contacts.contacts.some((c) => c.uid === w.b.user.id), contacts.messages.length, contacts.unread]).toEqual([false, 0, 0]);
      expect((await connectMember(w.ctx, w.b.token)).contacts.contacts.some((c) => c.uid === w.a.user.id)).toBe(false);
    },
  },
  // Presence: online/offline (opt 100) and a woman's visibility switch (opt 9) reach contacts as kind 4; never across a block.
  [OPT.visibility]: {
    before: async (w) => {
      const { sa, sb } = await chatting(w);
      await say(sb, w.a.user.id, 'contact');
      await say(sa, w.b.user.id, 'contact');
      expect(await sa.request({ opt: OPT.visibility, is_yin: 0 }, 4)).toMatchObject({ uid: w.a.user.id });
      expect(await sb.next(4, (m) => m.uid === w.a.user.id)).toMatchObject({ opt: OPT.visibility, is_online: 0 });
      await sa.request({ opt: OPT.visibility, is_yin: 1 }, 4);
      await sb.next(4, (m) => m.uid === w.a.user.id);
      // Online / offline of the other: b goes and comes back, a hears both.
      await sb.close();
      expect(await sa.next(4, (m) => m.uid === w.b.user.id)).toMatchObject({ is_online: 0 });
      await connectMember(w.ctx, w.b.token);
      expect(await sa.next(4, (m) => m.uid === w.b.user.id)).toMatchObject({ is_online: 1 });
    },
    after: async (w) => {
      const { sa, sb } = await chatting(w);
      await sa.request({ opt: OPT.visibility, is_yin: 0 }, 4);
      await sa.request({ opt: OPT.visibility, is_yin: 1 }, 4);
      await sb.close();
      const { socket: again } = await connectMember(w.ctx, w.b.token);
      const { socket: sa2 } = await connectMember(w.ctx, w.a.token);
      await sa2.close();
      await Promise.all([barrier(sa), barrier(again)]);
      expect(sa.pending(4).filter((m) => 'uid' in m && m.uid === w.b.user.id)).toEqual([]);
      expect(again.pending(4).filter((m) => 'uid' in m && m.uid === w.a.user.id)).toEqual([]);
    },
  },
};

const memberCalls = () => (CALLS as readonly AnyCall[]).filter((c) => c.access === 'member');

describe('every path is covered by the block check (enumerated)', () => {
  it('every member call of the table is either checked or named as not about another member', () => {
    const unlisted = memberCalls()
      .map((c) => c.path)
      .filter((path) => !(path in HTTP_CHECKED) && !(path in NOT_ABOUT_ANOTHER_MEMBER) && !(path in ALLOWED_ACROSS_A_BLOCK));
    expect(unlisted, 'add a scenario to HTTP_CHECKED, or the call to NOT_ABOUT_ANOTHER_MEMBER with why').toEqual([]);
    const listed = [...Object.keys(HTTP_CHECKED), ...Object.keys(NOT_ABOUT_ANOTHER_MEMBER), ...Object.keys(ALLOWED_ACROSS_A_BLOCK)];
    expect(listed.filter((path, i) => listed.indexOf(path) !== i)).toEqual([]);
    // Nothing listed that is not a call (a renamed path would leave its scenario testing nothing).
    const paths = new Set(memberCalls().map((c) => c.path));
    expect(listed.filter((path) => !paths.has(path))).toEqual([]);
  });

  it('every socket opt is either checked or named as not about another member', () => {
    const unlisted = Object.values(OPT).filter((opt) => !(opt in OPTS_CHECKED) && !(opt in OPTS_NOT_ABOUT_ANOTHER_MEMBER));
    expect(unlisted).toEqual([]);
  });

  // Calls other than member calls have no member on both sides: public ones no caller, staff ones no member.
  it.each(Object.entries(HTTP_CHECKED))('%s: reaches the other member before the block, and neither way after', async (_path, scenario) => {
    const w = await blockingWorld();
    await scenario.before(w);
    await block(w.ctx, w.a, w.b);
    await scenario.after(w);
  });

  it.each(Object.entries(ALLOWED_ACROSS_A_BLOCK))('%s: still works across a block (deliberately)', async (_path, scenario) => {
    const w = await blockingWorld();
    await scenario.before(w);
    await block(w.ctx, w.a, w.b);
    await scenario.after(w);
  });

  it.each(Object.entries(OPTS_CHECKED))('socket opt %s: reaches the other member before the block, and neither way after', async (_opt, scenario) => {
    const w = await blockingWorld();
    await scenario.before(w);
    await block(w.ctx, w.a, w.b);
    await scenario.after(w);
  });
});
