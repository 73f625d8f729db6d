import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { isAdult } from '../rules/age.js';
import { USERNAME_PATTERN } from '../rules/validation.js';
import { accountKey, birthday, email, id, int, password, requiredText, sex, text } from './fields.js';

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

const adultBirthday = () =>
  birthday().refine((ms) => isAdult(ms, LIMITS.minAge), `you must be ${LIMITS.minAge} or older`);

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
export const ForgetBody = z.object({ email: accountKey() });
export type ForgetBody = z.infer<typeof ForgetBody>;

export const ResetPasswordBody = z.object({
  token: requiredText(128),
  password: password(LIMITS.passwordMax, LIMITS.passwordMin),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/**
 * An avatar is the path an earlier upload answered with; `avatar2` is the desktop's name for it.
 * `password` (not in the spec: README) is the member's current password, required when `email`
 * differs from the stored address; an empty one counts as absent.
 */
export const ProfileBody = z.object({
  avatar: text(300).optional(),
  avatar2: text(300).optional(),
  email: email(),
  sex: sex(),
  birthday: adultBirthday(),
  password: z.preprocess((v) => (v === '' ? undefined : v), password(128).optional()),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

export const ChangeSignatureBody = z.object({ signature: text(LIMITS.signatureMax).default('') });
export type ChangeSignatureBody = z.infer<typeof ChangeSignatureBody>;

export const ChangePwdBody = z.object({
  oldpassword: password(128),
  newpassword: password(LIMITS.passwordMax, LIMITS.passwordMin),
});
export type ChangePwdBody = z.infer<typeof ChangePwdBody>;

export const UPLOAD_DIRS = ['dynamic', 'photo'] as const;
export const UploadsFields = z.object({ dir: z.enum(UPLOAD_DIRS).default('dynamic') });
export type UploadsFields = z.infer<typeof UploadsFields>;

export const LanguageBody = z.object({ lang: z.enum(['en', 'zh-CN', 'zh-TW']) });
export type LanguageBody = z.infer<typeof LanguageBody>;

export const ApproveBody = z.object({ id: id() });
export type ApproveBody = z.infer<typeof ApproveBody>;

export const EmptyBody = z.object({}).passthrough();
export type EmptyBody = z.infer<typeof EmptyBody>;

/** 1 visible, 0 invisible (spec's is_yin); women only. */
export const VisibilityBody = z.object({ is_yin: int(0, 1) });
export type VisibilityBody = z.infer<typeof VisibilityBody>;
