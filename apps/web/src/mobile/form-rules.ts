import { LIMITS, USERNAME_PATTERN, isAdult, isEmail } from '@kindred/protocol';

/**
 * The client-side checks of docs/product-rules.md §5, built on the protocol's limits and patterns (the
 * server checks the same again). Each answers the first problem as a `common` translation key.
 */
export interface Problem {
  key: string;
  values?: Record<string, unknown>;
}

const required = (field: string): Problem => ({ key: 'common:validation.required', values: { fieldKey: field } });

export function checkLogin(form: { account: string; password: string }): Problem | null {
  if (!form.account.trim()) return required('account');
  if (!form.password.trim()) return required('password');
  return null;
}

export function checkEmail(email: string): Problem | null {
  if (!email.trim()) return required('email');
  if (!isEmail(email.trim())) return { key: 'common:validation.email' };
  return null;
}

/** New password plus its repetition, trimmed at the edges like the server does. */
export function checkNewPassword(password: string, repeat: string | null, field = 'password'): Problem | null {
  const pwd = password.trim();
  if (!pwd) return required(field);
  if (pwd.length < LIMITS.passwordMin || pwd.length > LIMITS.passwordMax)
    return { key: 'common:validation.passwordLength', values: { min: LIMITS.passwordMin, max: LIMITS.passwordMax } };
  if (repeat !== null && pwd !== repeat.trim()) return { key: 'common:validation.passwordMismatch' };
  return null;
}

export function checkBirthday(birthday: number | null): Problem | null {
  if (birthday === null) return required('birthday');
  if (!isAdult(birthday, LIMITS.minAge)) return { key: 'common:validation.age', values: { age: LIMITS.minAge } };
  return null;
}

export interface RegisterForm {
  username: string;
  email: string;
  password: string;
  repeat: string;
  sex: number;
  birthday: number | null;
  country: string;
  laid: string;
}

/**
 * Plain variant: username letters/digits up to 12, e-mail pattern, password 6-18. Invitation
 * variant: 2-8 character username, Lai ID and country required, password repeated; the spec's
 * mobile invitation form does not check the e-mail format (the server still does).
 */
export function checkRegister(form: RegisterForm, invitation: boolean): Problem | null {
  const username = form.username.trim();
  const [min, max] = invitation ? [LIMITS.invitationUsernameMin, LIMITS.invitationUsernameMax] : [LIMITS.usernameMin, LIMITS.usernameMax];
  if (!username) return required('username');
  if (!USERNAME_PATTERN.test(username) || username.length < min || username.length > max) return { key: 'common:validation.username', values: { min, max } };
  if (invitation && !form.laid.trim()) return required('laid');
  if (!form.email.trim()) return required('email');
  if (!invitation && !isEmail(form.email.trim())) return { key: 'common:validation.email' };
  const pwd = checkNewPassword(form.password, invitation ? form.repeat : null);
  if (pwd) return pwd;
  if (invitation && !form.country.trim()) return required('country');
  return checkBirthday(form.birthday);
}

export function checkChangePassword(form: { oldpassword: string; newpassword: string; repeat: string }): Problem | null {
  if (!form.oldpassword.trim()) return required('oldpassword');
  return checkNewPassword(form.newpassword, form.repeat, 'newpassword');
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Turns a problem into text; a `fieldKey` value becomes the translated field label. */
export function problemText(t: Translate, problem: Problem): string {
  const { fieldKey, ...values } = problem.values ?? {};
  return t(problem.key, { ...values, ...(typeof fieldKey === 'string' ? { field: t(`common:fields.${fieldKey}`) } : {}) });
}
