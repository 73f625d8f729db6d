import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { buildVip, setPermission } from './helpers/chat.js';
import { as, buildUser, signIn } from './helpers/factories.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp } from './helpers/test-app.js';

describe('POST /member/email/released', () => {
  it('sends a mail by username (any case), and pushes it live to the recipient (kind 12)', async () => {
    const ctx = await startApp();
    const sender = await buildUser(ctx);
    const recipient = await buildVip(ctx, 1, { sex: 1 });
    const { socket } = await connectMember(ctx, recipient.token);

    const res = await as(ctx, sender.token).post('/member/email/released', { email: recipient.user.username.toUpperCase(), content: 'Hello there' });

    expect(res.body).toMatchObject({ status: 200, msg: 'Send success', data: { type: 0, sender_id: sender.user.id, sendername: sender.user.username, msg: 'Hello there' } });
    expect(await socket.next(12)).toMatchObject({ kind: 12, eid: res.body.data.eid, sender_id: sender.user.id, sendername: sender.user.username, unread: 1 });
    const back = await as(ctx, recipient.token).post('/member/email/released', { email: sender.user.username, content: 'Hi back' });
    expect(back.body.status).toBe(200);
  });

  it('answers -1 for a recipient that does not exist and -2 for oneself or a pending account', async () => {
    const ctx = await startApp();
    const sender = await buildUser(ctx);
    const pending = await buildUser(ctx, { status: 2 });

    expect((await as(ctx, sender.token).post('/member/email/released', { email: 'nobody', content: 'x' })).body).toMatchObject({ status: -1, error: 'user_not_found' });
    for (const email of [sender.user.username, pending.user.username]) {
      expect((await as(ctx, sender.token).post('/member/email/released', { email, content: 'x' })).body).toMatchObject({ status: -2, error: 'recipient_unavailable' });
    }
  });

  it("answers a member's e-mail address exactly as a stranger's: the call does not tell whose an address is", async () => {
    const ctx = await startApp();
    const sender = await buildUser(ctx);
    const member = await buildVip(ctx, 1);

    const known = await as(ctx, sender.token).post('/member/email/released', { email: member.user.email, content: 'x' });
    const unknown = await as(ctx, sender.token).post('/member/email/released', { email: 'nobody-here@example.test', content: 'x' });

    expect(known.http).toBe(unknown.http);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toMatchObject({ status: -1, error: 'user_not_found' });
    const stored = await ctx.db.selectFrom('mails').select('id').where('recipient_id', '=', member.user.id).execute();
    expect(stored).toEqual([]);
  });

  it('refuses content over 50 characters or blank (400)', async () => {
    const ctx = await startApp();
    const sender = await buildUser(ctx);
    const recipient = await buildUser(ctx);

    expect((await as(ctx, sender.token).post('/member/email/released', { email: recipient.user.username, content: 'x'.repeat(51) })).http).toBe(400);
    expect((await as(ctx, sender.token).post('/member/email/released', { email: recipient.user.username, content: '   ' })).http).toBe(400);
    expect((await as(ctx, sender.token).post('/member/email/released', { email: recipient.user.username, content: 'x'.repeat(50) })).body.status).toBe(200);
  });

  it('needs Start_mail_dialog (403), and Continue_mail_dialog to write again to the same member (need_upgrade); support is always reachable', async () => {
    const ctx = await startApp();
    const free = await buildUser(ctx);
    const a = await buildUser(ctx);
    const b = await buildUser(ctx);

    expect((await as(ctx, free.token).post('/member/email/released', { email: a.user.username, content: 'one' })).body.status).toBe(200);
    expect((await as(ctx, free.token).post('/member/email/released', { email: a.user.username, content: 'two' })).body).toMatchObject({ status: -5, error: 'need_upgrade' });
    await setPermission(ctx, 0, 'Start_mail_dialog', false);
    expect((await as(ctx, free.token).post('/member/email/released', { email: b.user.username, content: 'one' })).body).toMatchObject({ status: 403, error: 'no_permission' });
    for (const text of ['help', 'more help']) {
      expect((await as(ctx, free.token).post('/member/email/released', { email: 'Support', content: text })).body.status).toBe(200);
    }
  });
});

describe('POST /member/email/emaillist and /member/email/updatestatus', () => {
  it('lists the inbox newest first with unread count; a free member sees only support’s mails unlocked', async () => {
    const ctx = await startApp();
    const free = await buildUser(ctx);
    const sender = await buildVip(ctx, 1);
    await as(ctx, sender.token).post('/member/email/released', { email: free.user.username, content: 'from a member' });
    await as(ctx, await signIn(ctx, SUPPORT_ACCOUNT_ID)).post('/member/email/released', { email: free.user.username, content: 'from support' });

    const { body } = await as(ctx, free.token).post('/member/email/emaillist');

    expect(body.data).toMatchObject({ unread: 2, page: 1, last_page: 1 });
    expect(body.data.data).toEqual([
      expect.objectContaining({ sender_id: SUPPORT_ACCOUNT_ID, sendername: 'Support', msg: 'from support', locked: 0, type: 0 }),
      expect.objectContaining({ sender_id: sender.user.id, msg: '', locked: 1, type: 0 }),
    ]);
    const [supportMail, memberMail] = body.data.data;
    expect((await as(ctx, free.token).post('/member/email/updatestatus', { id: memberMail.eid })).body).toMatchObject({ status: -5, error: 'need_upgrade' });
    expect((await as(ctx, free.token).post('/member/email/updatestatus', { id: supportMail.eid })).body).toMatchObject({ status: 200, data: { type: 1, msg: 'from support' } });
    expect((await as(ctx, free.token).post('/member/email/emaillist', { type: 0 })).body.data).toMatchObject({ unread: 1, data: [expect.objectContaining({ eid: memberMail.eid })] });
  });

  it('lets a silver member open any mail addressed to them: unread 0 becomes read 1', async () => {
    const ctx = await startApp();
    const silver = await buildVip(ctx, 1);
    const sender = await buildUser(ctx);
    const sent = await as(ctx, sender.token).post('/member/email/released', { email: silver.user.username, content: 'hey' });

    const opened = await as(ctx, silver.token).post('/member/email/updatestatus', { id: sent.body.data.eid });

    expect(opened.body).toMatchObject({ status: 200, data: { eid: sent.body.data.eid, type: 1, msg: 'hey', locked: 0 } });
    expect((await as(ctx, silver.token).post('/member/email/emaillist')).body.data).toMatchObject({ unread: 0, data: [expect.objectContaining({ type: 1 })] });
  });

  it('only the recipient opens a mail (404 for anyone else, the sender included)', async () => {
    const ctx = await startApp();
    const recipient = await buildVip(ctx, 1);
    const sender = await buildVip(ctx, 1);
    const stranger = await buildVip(ctx, 1);
    const sent = await as(ctx, sender.token).post('/member/email/released', { email: recipient.user.username, content: 'private' });

    for (const who of [sender, stranger]) {
      expect((await as(ctx, who.token).post('/member/email/updatestatus', { id: sent.body.data.eid })).body).toMatchObject({ status: 404, error: 'not_found' });
    }
    expect((await as(ctx, stranger.token).post('/member/email/emaillist')).body.data.data).toEqual([]);
    const row = await ctx.db.selectFrom('mails').select('type').where('id', '=', sent.body.data.eid).executeTakeFirstOrThrow();
    expect(row.type).toBe(0);
  });

  it('pages the inbox', async () => {
    const ctx = await startApp();
    const recipient = await buildVip(ctx, 1);
    const sender = await buildVip(ctx, 1);
    for (let i = 1; i <= 5; i++) await as(ctx, sender.token).post('/member/email/released', { email: recipient.user.username, content: `m${i}` });

    const page2 = await as(ctx, recipient.token).post('/member/email/emaillist', { page: 2, limit: 2 });

    expect(page2.body.data).toMatchObject({ page: 2, last_page: 3 });
    expect(page2.body.data.data.map((m: { msg: string }) => m.msg)).toEqual(['m3', 'm2']);
  });
});
