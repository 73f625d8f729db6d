import { describe, expect, it } from 'vitest';
import { ChangePwdBody, ForgetBody, LIMITS, LoginBody, RegisterBody, SendChatMessage, UserListBody, boundedString, email, rawLengthLimit } from '../src/index.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('e-mail addresses are folded, then measured, then matched (issue 9, findings 1 and 10)', () => {
  it('measures the address as stored: 130 × İ is 143 characters typed, 273 lower-cased, refused', () => {
    const typed = `${'İ'.repeat(130)}@example.test`;
    expect(typed.length).toBeLessThanOrEqual(LIMITS.emailMax);
    expect(messages(email().safeParse(typed))).toEqual([`at most ${LIMITS.emailMax} characters`]);
  });

  it('stores NFC lower case: a decomposed é and an upper-case İ give one spelling', () => {
    expect(email().parse(' Ce\u0301İ@Example.TEST ')).toBe('c\u00e9i\u0307@example.test');
    expect(email().parse('C\u00c9İ@example.test')).toBe('c\u00e9i\u0307@example.test');
  });

  it('refuses a long address on its length alone: the pattern never runs on it', () => {
    const result = email().safeParse(`a@${'.'.repeat(160_000)}@`);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'too_big', message: `at most ${LIMITS.emailMax} characters` })]);
  });

  it('still refuses malformed addresses and empty ones', () => {
    for (const bad of ['bob@example', 'bob@a..test', 'bob@.test', 'b ob@x.test', 'bob@@x.test', 'bob\u0000@x.test'])
      expect(email().safeParse(bad).success, bad).toBe(false);
    expect(messages(email().safeParse('  '))).toEqual(['required']);
  });

  it('folds the sign-in account and the recovery address the same way', () => {
    expect(LoginBody.parse({ account: ' İ@Example.test ', password: 'x' }).account).toBe('i\u0307@example.test');
    expect(ForgetBody.parse({ email: 'Ce\u0301@X.test' }).email).toBe('c\u00e9@x.test');
    expect(LoginBody.safeParse({ account: `${'İ'.repeat(130)}@x.test`, password: 'x' }).success).toBe(false);
  });

  it('registers with the folded address', () => {
    const body = RegisterBody.parse({ username: 'alice', email: 'İ@Example.test', password: 'secret123', sex: 0, birthday: Date.UTC(1990, 0, 1) });
    expect(body.email).toBe('i\u0307@example.test');
  });
});

describe('boundedString', () => {
  it('trims padding before measuring, within the raw limit', () => {
    expect(boundedString(5).parse(`${' '.repeat(500)}hello${' '.repeat(500)}`)).toBe('hello');
    expect(messages(boundedString(5).safeParse(' '.repeat(rawLengthLimit(5) + 1)))).toEqual(['at most 5 characters']);
  });

  it('keeps text as sent when asked not to trim (chat text, socket ids)', () => {
    expect(boundedString(5, { trim: false }).parse(' a ')).toBe(' a ');
    expect(boundedString(5, { trim: false }).safeParse('      ').success).toBe(false);
  });

  it('refuses a too-long value with one issue: nothing chained after it runs', () => {
    let ran = 0;
    const schema = boundedString(3).refine(() => (ran++, true)).regex(/^x+$/);
    expect(schema.safeParse('yyyy').error?.issues).toHaveLength(1);
    expect(ran).toBe(0);
    expect(schema.safeParse('xx').success).toBe(true);
    expect(ran).toBe(1);
  });
});

describe('other fields keep their meaning', () => {
  it('an empty new password answers "required" alone; a short one "at least 6"', () => {
    expect(messages(ChangePwdBody.safeParse({ oldpassword: 'x', newpassword: '' }))).toEqual(['required']);
    expect(messages(ChangePwdBody.safeParse({ oldpassword: 'x', newpassword: '12345' }))).toEqual(['at least 6 characters']);
    expect(ChangePwdBody.parse({ oldpassword: 'x', newpassword: ' 123456 ' }).newpassword).toBe('123456');
  });

  it('list types are read in any case', () => {
    expect(UserListBody.parse({ type: ' ONLINE ' }).type).toBe('online');
    expect(UserListBody.parse({ type: '' }).type).toBe('all');
    expect(UserListBody.safeParse({ type: 'x'.repeat(10_000) }).success).toBe(false);
  });

  it('socket fields are bounded: a long create_time or img is refused', () => {
    const base = { opt: 1, uid: 2, client_id: 'c-1', content: 'hi' };
    expect(SendChatMessage.safeParse({ ...base, create_time: '2024-01-01T00:00:00Z' }).success).toBe(true);
    expect(SendChatMessage.safeParse({ ...base, create_time: '1'.repeat(65) }).success).toBe(false);
    expect(SendChatMessage.safeParse({ ...base, img: '/'.repeat(301) }).success).toBe(false);
  });
});
