import { generate } from 'otplib';
import { hashToken, newToken } from '../../src/infra/tokens.js';
import { as, buildUser, type BuiltUser } from './factories.js';
import type { TestApp } from './test-app.js';

/**
 * Opens a console session for a staff account the way the sign-in stores one (the admin_sessions
 * row), as factories.signIn does for members. The full two-step sign-in: admin-auth.test.ts.
 */
export async function staffSignIn(ctx: TestApp, userId = 1): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('admin_sessions')
    .values({ user_id: userId, token_hash: hashToken(token), address: '127.0.0.1', user_agent: 'vitest', created_at: now, last_seen_at: now, expires_at: now + 3_600_000 })
    .execute();
  return token;
}

/** The code an authenticator app shows for `secret` at the app's clock, `offsetSteps` 30-second steps away. */
export const totpAt = (ctx: TestApp, secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(ctx.now() / 1000) + offsetSteps * 30 });

export interface EnrolledStaff {
  admin: BuiltUser;
  secret: string;
  token: string;
  recoveryCodes: string[];
}

/** A new administrator, signed in and enrolled through the console's own calls. */
export async function enrolStaff(ctx: TestApp): Promise<EnrolledStaff> {
  const admin = await buildUser(ctx, { role: 'admin' });
  const login = await as(ctx).post('/admin/api/auth/login', { account: admin.user.username, password: admin.password });
  if (login.body.data?.next !== 'enrol') throw new Error(`login: ${login.raw}`);
  const ticket = login.body.data.ticket as string;
  const started = await as(ctx).post('/admin/api/auth/enrol_start', { ticket });
  const secret = started.body.data.secret as string;
  const confirmed = await as(ctx).post('/admin/api/auth/enrol_confirm', { ticket, code: await totpAt(ctx, secret) });
  if (confirmed.body.status !== 200) throw new Error(`enrol_confirm: ${confirmed.raw}`);
  return { admin, secret, token: confirmed.body.data.token, recoveryCodes: confirmed.body.data.recovery_codes };
}
