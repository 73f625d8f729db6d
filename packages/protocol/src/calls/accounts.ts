import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { UserWire } from '../wire/user.js';
import { defineCall, EmptyBody } from './define.js';
import { adultBirthday, email, int, password, sex, text } from './fields.js';
import { HOME_CALL_PATHS } from './home-paths.js';

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
  password: z.preprocess((v: string | undefined) => (v === '' ? undefined : v), password(128).optional()),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

export const ChangeSignatureBody = z.object({ signature: text(LIMITS.signatureMax).default('') });
export type ChangeSignatureBody = z.infer<typeof ChangeSignatureBody>;

export const LanguageBody = z.object({ lang: z.enum(['en', 'zh-CN', 'zh-TW']) });
export type LanguageBody = z.infer<typeof LanguageBody>;

/** 1 visible, 0 invisible (spec's is_yin); women only. */
export const VisibilityBody = z.object({ is_yin: int(0, 1) });
export type VisibilityBody = z.infer<typeof VisibilityBody>;

/** The member's own record; the spec names the call both ways. Pending accounts may read it. */
export const userInfo = defineCall({ path: HOME_CALL_PATHS.userInfo, body: EmptyBody, answer: UserWire, access: 'member', allowPending: true });
export const indexInfo = defineCall({ path: '/member/index/info', body: EmptyBody, answer: UserWire, access: 'member', allowPending: true });

/** Each change answers the member's record as it now is. */
export const profileUpdate = defineCall({ path: '/member/index/profile', body: ProfileBody, answer: UserWire, access: 'member' });
export const signatureChange = defineCall({ path: '/member/index/changesignature', body: ChangeSignatureBody, answer: UserWire, access: 'member' });

/** Not in the spec's HTTP calls (it is socket opt 9 there); the socket handler shares the service. */
export const visibilitySet = defineCall({ path: '/member/index/visibility', body: VisibilityBody, answer: UserWire, access: 'member' });

/** Not in the spec: the chosen language is kept on the account so e-mails arrive in it. */
export const languageSet = defineCall({ path: '/member/index/lang', body: LanguageBody, answer: UserWire, access: 'member', allowPending: true });
