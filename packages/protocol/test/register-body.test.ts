import { describe, expect, it } from 'vitest';
import { RegisterBody } from '../src/index.js';

const NOW = new Date();
const yearsAgo = (n: number) => Date.UTC(NOW.getUTCFullYear() - n, NOW.getUTCMonth(), 1);
const plain = { username: 'alice', email: 'Alice@Example.com', password: 'secret123', sex: '0', birthday: String(yearsAgo(25)) };
const invited = { ...plain, username: 'alice8', code: 'ABCDEFGH', laid: 'L-1', country: 'TW' };

const issues = (input: unknown) => {
  const result = RegisterBody.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('RegisterBody, plain variant', () => {
  it('parses a form post: numbers from strings, e-mail in lower case, country empty by default', () => {
    expect(RegisterBody.parse(plain)).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'secret123',
      sex: 0,
      birthday: yearsAgo(25),
      country: '',
    });
  });

  it('needs no laid and allows usernames up to 12 characters', () => {
    expect(issues({ ...plain, username: 'abcdefghijkl' })).toEqual([]);
    expect(issues({ ...plain, username: 'abcdefghijklm' })).toEqual(['username']);
  });

  it('refuses symbols in usernames, bad e-mails, short or long passwords and minors', () => {
    expect(issues({ ...plain, username: 'al_ice' })).toEqual(['username']);
    expect(issues({ ...plain, email: 'alice@' })).toEqual(['email']);
    expect(issues({ ...plain, password: '12345' })).toEqual(['password']);
    expect(issues({ ...plain, password: 'x'.repeat(19) })).toEqual(['password']);
    expect(issues({ ...plain, birthday: yearsAgo(17) })).toEqual(['birthday']);
  });
});

describe('RegisterBody, invitation variant (with code)', () => {
  it('accepts a 2-8 character username with laid and country', () => {
    expect(RegisterBody.parse(invited)).toMatchObject({ username: 'alice8', code: 'ABCDEFGH', laid: 'L-1', country: 'TW' });
    expect(issues({ ...invited, username: 'ab' })).toEqual([]);
  });

  it('requires laid and country', () => {
    expect(issues({ ...invited, laid: undefined, country: undefined }).sort()).toEqual(['country', 'laid']);
    expect(issues({ ...invited, laid: '   ' })).toEqual(['laid']);
  });

  it('allows at most 8 characters in the username', () => {
    expect(issues({ ...invited, username: 'abcdefghi' })).toEqual(['username']);
  });

  it('treats an empty code as the plain variant', () => {
    expect(issues({ ...plain, code: '', username: 'abcdefghijkl' })).toEqual([]);
  });
});
