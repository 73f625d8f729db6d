import { describe, expect, it } from 'vitest';
import { isMobileUserAgent, terminalOf } from '../src/index.js';

const PHONES = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
];
const DESKTOPS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];

describe('isMobileUserAgent', () => {
  it('recognises phones and small tablets', () => {
    for (const ua of PHONES) expect(isMobileUserAgent(ua), ua).toBe(true);
  });

  it('treats desktop browsers and a missing agent as desktop', () => {
    for (const ua of DESKTOPS) expect(isMobileUserAgent(ua), ua).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
    expect(isMobileUserAgent('')).toBe(false);
  });

  it('names the terminal: m for phones, w for desktops', () => {
    expect(terminalOf(PHONES[0])).toBe('m');
    expect(terminalOf(DESKTOPS[0])).toBe('w');
  });
});
