import { CALLS, type AnyCall } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/infra/tokens.js';
import { as, buildUser } from './helpers/factories.js';
import { enrolStaff, staffSignIn, totpAt } from './helpers/staff.js';
import { startApp, useSharedApp } from './helpers/test-app.js';

const shared = useSharedApp();
const staffCalls = CALLS.filter((c: AnyCall) => c.access === 'staff');

describe('staff sign-in: password, then a second factor', () => {
  it('enrols a new administrator (secret, otpauth URI, first code) and opens a console session with recovery codes', async () => {
    const ctx = shared();
    const admin = await buildUser(ctx, { role: 'admin' });
    const login = await as(ctx).post('/admin/api/auth/login', { account: admin.user.email, password: admin.password });
    expect(login.body).toMatchObject({ status: 200, data: { next: 'enrol', expires_in: 300 } });
    const ticket = login.body.data.ticket;

    // The ticket is no session: step 2 is still missing.
    expect((await as(ctx, ticket).post('/admin/api/auth/me')).http).toBe(401);
    // Before enrolment there is nothing to verify against.
    expect((await as(ctx).post('/admin/api/auth/verify', { ticket, code: '123456' })).body.error).toBe('staff_enrolment_required');

    const started = await as(ctx).post('/admin/api/auth/enrol_start', { ticket });
    expect(started.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Kindred:.*secret=/);
    const secret = started.body.data.secret;
    // Stored sealed, never as typed.
    const factor = await ctx.db.selectFrom('staff_factors').selectAll().where('user_id', '=', admin.user.id).executeTakeFirstOrThrow();
    expect(factor.secret_enc).not.toContain(secret);

    expect((await as(ctx).post('/admin/api/auth/enrol_confirm', { ticket, code: '000000' })).body.error).toBe('staff_code_invalid');
    const confirmed = await as(ctx).post('/admin/api/auth/enrol_confirm', { ticket, code: await totpAt(ctx, secret) });
    expect(confirmed.body.status).toBe(200);
    expect(confirmed.body.data.recovery_codes).toHaveLength(10);
    expect(confirmed.body.data.staff).toMatchObject({ id: admin.user.id, recovery_codes_left: 10 });

    const me = await as(ctx, confirmed.body.data.token).post('/admin/api/auth/me');
    expect(me.body.data).toMatchObject({ id: admin.user.id, username: admin.user.username });
    // The ticket was spent by the sign-in.
    expect((await as(ctx).post('/admin/api/auth/enrol_start', { ticket })).body.error).toBe('staff_ticket_invalid');
  });

  it('refuses members, wrong passwords and unknown accounts alike at step 1', async () => {
    const ctx = shared();
    const member = await buildUser(ctx);
    const admin = await buildUser(ctx, { role: 'admin' });
    for (const body of [
      { account: member.user.username, password: member.password },
      { account: admin.user.username, password: 'wrong-password' },
      { account: 'nobody-here', password: 'whatever1' },
    ]) {
      expect((await as(ctx).post('/admin/api/auth/login', body)).body).toMatchObject({ status: -1, error: 'login_failed' });
    }
  });

  it('refuses a TOTP code replayed in its step, accepts the next step, and takes each recovery code once', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 10);
    const ctx = await startApp({ now: () => clock });
    const { admin, secret, recoveryCodes } = await enrolStaff(ctx);
    const ticketFor = async () => (await as(ctx).post('/admin/api/auth/login', { account: admin.user.username, password: admin.password })).body.data.ticket;

    // The enrolment's code was used in this step: the same code again is a replay.
    const replay = await as(ctx).post('/admin/api/auth/verify', { ticket: await ticketFor(), code: await totpAt(ctx, secret) });
    expect(replay.body).toMatchObject({ status: -2, error: 'staff_code_invalid' });
    clock += 30_000;
    const next = await as(ctx).post('/admin/api/auth/verify', { ticket: await ticketFor(), code: await totpAt(ctx, secret) });
    expect(next.body.status).toBe(200);
    expect(next.body.data).not.toHaveProperty('recovery_codes');
    // And the previous step's code (still inside the drift window) is older than the last accepted: refused.
    const older = await as(ctx).post('/admin/api/auth/verify', { ticket: await ticketFor(), code: await totpAt(ctx, secret, -1) });
    expect(older.body.error).toBe('staff_code_invalid');

    const code = recoveryCodes[0]!;
    const recovered = await as(ctx).post('/admin/api/auth/verify', { ticket: await ticketFor(), recovery_code: code.toUpperCase() });
    expect(recovered.body.status).toBe(200);
    expect(recovered.body.data.staff.recovery_codes_left).toBe(9);
    expect((await as(ctx).post('/admin/api/auth/verify', { ticket: await ticketFor(), recovery_code: code })).body.error).toBe('staff_code_invalid');
  });

  it('lets a ticket try only a few codes, and tickets and sessions expire', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 10);
    const ctx = await startApp({ now: () => clock });
    const { admin, token } = await enrolStaff(ctx);
    const ticket = (await as(ctx).post('/admin/api/auth/login', { account: admin.user.username, password: admin.password })).body.data.ticket;
    for (let i = 0; i < 6; i++) expect((await as(ctx).post('/admin/api/auth/verify', { ticket, code: '000000' })).body.error).toBe('staff_code_invalid');
    expect((await as(ctx).post('/admin/api/auth/verify', { ticket, code: '000000' })).body.error).toBe('staff_ticket_invalid');

    expect((await as(ctx, token).post('/admin/api/auth/me')).http).toBe(200);
    clock += 61 * 60_000; // idle longer than ADMIN_SESSION_TTL_MINUTES (60)
    expect((await as(ctx, token).post('/admin/api/auth/me')).http).toBe(401);
  });

  it('ends the console session on sign-out and records sign-in and sign-out in the audit log', async () => {
    const ctx = shared();
    const { admin, token } = await enrolStaff(ctx);
    expect((await as(ctx, token).post('/admin/api/auth/logout')).body.status).toBe(200);
    expect((await as(ctx, token).post('/admin/api/auth/me')).http).toBe(401);
    const actions = await ctx.db.selectFrom('audit_log').select('action').where('staff_id', '=', admin.user.id).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['staff.enrol', 'staff.sign_out']);
  });

  it('regenerates recovery codes only with a current code', async () => {
    let clock = Date.UTC(2030, 0, 1, 12, 0, 10);
    const ctx = await startApp({ now: () => clock });
    const { secret, token, recoveryCodes } = await enrolStaff(ctx);
    expect((await as(ctx, token).post('/admin/api/auth/recovery_codes', { code: '000000' })).body.error).toBe('staff_code_invalid');
    clock += 30_000;
    const fresh = await as(ctx, token).post('/admin/api/auth/recovery_codes', { code: await totpAt(ctx, secret) });
    expect(fresh.body.data.recovery_codes).toHaveLength(10);
    expect(fresh.body.data.recovery_codes).not.toContain(recoveryCodes[0]);
  });
});

describe('every staff call refuses all but a console session', () => {
  it('answers 401 to no token, forged tokens, member tokens (an administrator’s included) and a step-1 ticket', async () => {
    const ctx = shared();
    const member = await buildUser(ctx, { vip: 2 });
    const adminMember = await buildUser(ctx, { role: 'admin' });
    const ticket = (await as(ctx).post('/admin/api/auth/login', { account: adminMember.user.username, password: adminMember.password })).body.data.ticket;
    const staffToken = await staffSignIn(ctx, adminMember.user.id);
    const forged = [`${staffToken.slice(0, -2)}xx`, 'a'.repeat(43), hashToken(staffToken), 'x'.repeat(5000)];
    expect(staffCalls.length).toBeGreaterThanOrEqual(40);
    for (const call of staffCalls) {
      for (const token of [undefined, member.token, adminMember.token, ticket, ...forged]) {
        const res = await as(ctx, token).post(call.path, {});
        expect([call.path, res.http, res.body.error]).toEqual([call.path, 401, 'unauthorized']);
      }
    }
    // The console session itself gets past admission (to validation or an answer).
    expect((await as(ctx, staffToken).post('/admin/api/auth/me')).http).toBe(200);
  });

  it('keeps working with the member sign-in of an administrator, which opens no console', async () => {
    const ctx = shared();
    const admin = await buildUser(ctx, { role: 'admin', password: 'admin-secret-1' });
    const signedIn = await as(ctx).post('/member/index/login', { account: admin.user.username, password: 'admin-secret-1' });
    expect(signedIn.body.status).toBe(200);
    expect((await as(ctx, signedIn.body.data.token).post('/admin/api/dashboard')).http).toBe(401);
  });
});
