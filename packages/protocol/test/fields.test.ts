import { describe, expect, it } from 'vitest';
import { ChangePwdBody, ChangeSignatureBody, LoginBody, NoticeListBody, UploadsFields, birthday, email, int, isEmail, text } from '../src/index.js';

describe('field builders', () => {
  it('int takes JSON numbers and whole-number strings only', () => {
    const n = int(0, 10);
    expect(n.parse(3)).toBe(3);
    expect(n.parse(' 7 ')).toBe(7);
    for (const bad of ['1.5', '1e1', 'abc', '', [1], { v: 1 }, 11, -1, 2.5, null, true]) expect(n.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('text trims, caps the length and refuses control characters but keeps newlines', () => {
    const t = text(5);
    expect(t.parse('  hey  ')).toBe('hey');
    expect(t.parse('a\nb')).toBe('a\nb');
    expect(t.safeParse('abcdef').success).toBe(false);
    expect(t.safeParse('a\u0000b').success).toBe(false);
    expect(t.safeParse(['a']).success).toBe(false);
  });

  it('email lower-cases a well-formed address and refuses others', () => {
    expect(email().parse('Bob@Example.COM')).toBe('bob@example.com');
    expect(email().safeParse('bob@example').success).toBe(false);
    expect(isEmail('bob@example.com')).toBe(true);
    expect(isEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it('birthday is a millisecond time between 1900 and 2100', () => {
    expect(birthday().safeParse(Date.UTC(1899, 11, 31)).success).toBe(false);
    expect(birthday().safeParse(Date.UTC(1990, 0, 1)).success).toBe(true);
    expect(birthday().safeParse(1e20).success).toBe(false);
  });
});

describe('call schemas', () => {
  it('LoginBody requires both fields, trimmed', () => {
    expect(LoginBody.parse({ account: ' bob ', password: ' pw ' })).toEqual({ account: 'bob', password: 'pw' });
    expect(LoginBody.safeParse({ account: ' ', password: '' }).success).toBe(false);
  });

  it('ChangePwdBody limits the new password to 6-18 characters', () => {
    expect(ChangePwdBody.safeParse({ oldpassword: 'x', newpassword: '123456' }).success).toBe(true);
    expect(ChangePwdBody.safeParse({ oldpassword: 'x', newpassword: '12345' }).success).toBe(false);
    expect(ChangePwdBody.safeParse({ oldpassword: 'x', newpassword: 'x'.repeat(19) }).success).toBe(false);
  });

  it('ChangeSignatureBody allows 30 characters', () => {
    expect(ChangeSignatureBody.parse({ signature: '字'.repeat(30) }).signature).toHaveLength(30);
    expect(ChangeSignatureBody.safeParse({ signature: 'x'.repeat(31) }).success).toBe(false);
    expect(ChangeSignatureBody.parse({})).toEqual({ signature: '' });
  });

  it('UploadsFields defaults dir to dynamic and allows photo', () => {
    expect(UploadsFields.parse({})).toEqual({ dir: 'dynamic' });
    expect(UploadsFields.parse({ dir: 'photo' })).toEqual({ dir: 'photo' });
    expect(UploadsFields.safeParse({ dir: 'avatar' }).success).toBe(false);
  });

  it('NoticeListBody lists 5 by default (the dropdown size)', () => {
    expect(NoticeListBody.parse({})).toEqual({ limit: 5 });
  });
});
