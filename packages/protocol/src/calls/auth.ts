import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { USERNAME_PATTERN } from '../rules/validation.js';
import { UserWire } from '../wire/user.js';
import { altchaField } from './antispam.js';
import { defineCall, EmptyBody } from './define.js';
import { accountKey, adultBirthday, email, password, requiredText, sex, text } from './fields.js';

/** `account` is a username or an e-mail address, folded (NFC, lower case) as both are stored. */
export const LoginBody = z.object({
  account: accountKey(),
  password: password(128),
});
export type LoginBody = z.infer<typeof LoginBody>;

const username = (min: number, max: number) =>
  requiredText(max)
    .min(min, `at least ${min} characters`)
    .regex(USERNAME_PATTERN, 'letters and digits only');

/**
 * Registration has two variants: the plain one, and the invitation one (with `code`), which also
 * requires a Lai ID and a country and allows only 2-8 character usernames (docs/product-rules.md §5).
 */
export const RegisterBody = z
  .object({
    username: username(LIMITS.usernameMin, LIMITS.usernameMax),
    email: email(),
    password: password(LIMITS.passwordMax, LIMITS.passwordMin),
    sex: sex(),
    birthday: adultBirthday(),
    country: text(LIMITS.countryMax).default(''),
    laid: text(64).optional(),
    code: text(32).optional(),
    /** The proof-of-work solution (calls/antispam.ts); the server requires it unless ANTISPAM_POW is off. */
    altcha: altchaField(),
  })
  .superRefine((body, ctx) => {
    if (!body.code) return;
    if (!body.laid) ctx.addIssue({ code: 'custom', path: ['laid'], message: 'required' });
    if (!body.country) ctx.addIssue({ code: 'custom', path: ['country'], message: 'required' });
    if (body.username.length > LIMITS.invitationUsernameMax)
      ctx.addIssue({ code: 'custom', path: ['username'], message: `at most ${LIMITS.invitationUsernameMax} characters` });
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Format is checked by the service: the spec answers a bad address with -1, not 400. */
export const ForgetBody = z.object({ email: accountKey(), altcha: altchaField() });
export type ForgetBody = z.infer<typeof ForgetBody>;

export const ResetPasswordBody = z.object({
  token: requiredText(128),
  password: password(LIMITS.passwordMax, LIMITS.passwordMin),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ChangePwdBody = z.object({
  oldpassword: password(128),
  newpassword: password(LIMITS.passwordMax, LIMITS.passwordMin),
});
export type ChangePwdBody = z.infer<typeof ChangePwdBody>;

/**
 * Sign-in and registration answer the member with a token. A pending account still signs in (to
 * see the approval screen) but answers status -3 with the same data.
 */
export const login = defineCall({ path: '/member/index/login', body: LoginBody, answer: UserWire, access: 'public' });
export const register = defineCall({ path: '/member/index/register', body: RegisterBody, answer: UserWire, access: 'public' });

/** The same answer for known and unknown addresses, so it tells nobody who has an account. */
export const passwordForget = defineCall({ path: '/member/index/forget', body: ForgetBody, answer: z.null(), access: 'public' });
export const passwordReset = defineCall({ path: '/member/index/resetpassword', body: ResetPasswordBody, answer: z.null(), access: 'public' });
export const passwordChange = defineCall({ path: '/member/index/changepwd', body: ChangePwdBody, answer: z.null(), access: 'member' });
export const logout = defineCall({ path: '/member/index/logout', body: EmptyBody, answer: z.null(), access: 'member', allowPending: true });
