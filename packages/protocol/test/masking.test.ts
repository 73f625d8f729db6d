import { describe, expect, it } from 'vitest';
import { maskEmail, maskUsername } from '../src/index.js';

describe('maskUsername (report masking, docs/product-rules.md §9)', () => {
  it('hides usernames of two or fewer characters completely', () => {
    expect(maskUsername('')).toBe('');
    expect(maskUsername('a')).toBe('*');
    expect(maskUsername('ab')).toBe('**');
  });

  it('keeps the first and last character of longer names', () => {
    expect(maskUsername('abc')).toBe('a*c');
    expect(maskUsername('alice')).toBe('a***e');
    expect(maskUsername('Christopher1')).toBe('C**********1');
  });

  it('counts characters, not UTF-16 units (CJK and emoji)', () => {
    expect(maskUsername('王小明')).toBe('王*明');
    expect(maskUsername('小明')).toBe('**');
    expect(maskUsername('😀ab😀')).toBe('😀**😀');
  });
});

describe('maskEmail (report masking, docs/product-rules.md §9)', () => {
  it('keeps the first three characters of the local part and hides the rest of it', () => {
    expect(maskEmail('alice@example.com')).toBe('ali**@example.com');
    expect(maskEmail('christopher@mail.test')).toBe('chr********@mail.test');
  });

  it('hides nothing more when the local part has three characters or fewer', () => {
    expect(maskEmail('bob@example.com')).toBe('bob@example.com');
    expect(maskEmail('al@example.com')).toBe('al@example.com');
  });

  it('leaves short local parts as they are and keeps the domain (1, 2, 3, 4 characters)', () => {
    expect(maskEmail('a@x.io')).toBe('a@x.io');
    expect(maskEmail('ab@x.io')).toBe('ab@x.io');
    expect(maskEmail('abc@x.io')).toBe('abc@x.io');
    expect(maskEmail('abcd@x.io')).toBe('abc*@x.io');
    expect(maskEmail('')).toBe('');
  });

  it('masks text without @ like a username', () => {
    expect(maskEmail('nobody')).toBe('n****y');
  });
});
