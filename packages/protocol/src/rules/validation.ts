/**
 * Patterns both sides validate with. The server is the authority; the forms mirror it.
 *
 * Every pattern here runs in linear time whatever the input (test/adversarial-input.test.ts feeds
 * them 1 MB of hostile text): no two quantifiers may compete for the same characters. The e-mail
 * pattern used to let its domain part and the dot before the top-level domain share dots, which
 * backtracked quadratically (issue 9, finding 1); now domain labels contain no dots, so a dot can
 * only ever end a label.
 */
const EMAIL_CHAR = String.raw`[^\s@<>()[\]\\,;:"]`;
const LABEL_CHAR = String.raw`[^\s@<>()[\]\\,;:".]`;
export const EMAIL_PATTERN = new RegExp(`^${EMAIL_CHAR}+@(?:${LABEL_CHAR}+\\.)+${LABEL_CHAR}{2,}$`);
export const USERNAME_PATTERN = /^[A-Za-z0-9]+$/;
/** Control characters other than tab and newlines are never part of member text. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Length first: the pattern never sees more than an address can hold. */
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);
