import { describe, expect, it } from 'vitest';
import { EMOTICONS, emoticonFileName, emoticonsToUnicode, findEmoticon, parseEmoticons } from '../src/index.js';

describe('emoticon codes (docs/product-rules.md §3)', () => {
  it('has about 100 codes, including the ones the spec names', () => {
    expect(EMOTICONS.length).toBeGreaterThanOrEqual(90);
    expect(EMOTICONS.length).toBeLessThanOrEqual(110);
    for (const code of ['Smile', 'Cry', 'Laugh', 'gift', 'cake']) expect(findEmoticon(code)?.code).toBe(code);
  });

  it('keeps codes unique whatever their case, letters only, so each has its own file', () => {
    const lower = EMOTICONS.map((e) => e.code.toLowerCase());
    expect(new Set(lower).size).toBe(EMOTICONS.length);
    for (const e of EMOTICONS) {
      expect(e.code).toMatch(/^[A-Za-z]{1,20}$/);
      expect(e.emoji.length).toBeGreaterThan(0);
    }
    expect(emoticonFileName('ThumbsUp')).toBe('thumbsup.svg');
  });
});

describe('parseEmoticons', () => {
  it('turns known codes into emoticon parts between text parts', () => {
    expect(parseEmoticons('Hi [Smile] see you [cake]!')).toEqual([
      { type: 'text', text: 'Hi ' },
      { type: 'emoticon', code: 'Smile' },
      { type: 'text', text: ' see you ' },
      { type: 'emoticon', code: 'cake' },
      { type: 'text', text: '!' },
    ]);
  });

  it('gives nothing for empty text and one text part for plain text', () => {
    expect(parseEmoticons('')).toEqual([]);
    expect(parseEmoticons('hello')).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('matches codes in any case and answers the canonical spelling', () => {
    expect(parseEmoticons('[smile][GIFT]')).toEqual([
      { type: 'emoticon', code: 'Smile' },
      { type: 'emoticon', code: 'gift' },
    ]);
  });

  it('leaves unknown or malformed brackets as text, merged with the text around them', () => {
    expect(parseEmoticons('a [Nope] b [Smile')).toEqual([{ type: 'text', text: 'a [Nope] b [Smile' }]);
    expect(parseEmoticons('[[Cry]]')).toEqual([
      { type: 'text', text: '[' },
      { type: 'emoticon', code: 'Cry' },
      { type: 'text', text: ']' },
    ]);
  });

  it('never interprets markup: it stays text for the client to render as text', () => {
    expect(parseEmoticons('<img src=x onerror=alert(1)>[Laugh]')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
      { type: 'emoticon', code: 'Laugh' },
    ]);
  });

  it('writes emoticons as their Unicode characters for plain-text previews', () => {
    expect(emoticonsToUnicode('Happy birthday [cake][Party]')).toBe('Happy birthday 🎂🥳');
  });
});
