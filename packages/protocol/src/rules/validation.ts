/** Patterns both sides validate with. The server is the authority; the forms mirror it. */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9]+$/;
/** Control characters other than tab and newlines are never part of member text. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);
