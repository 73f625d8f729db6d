import { describe, expect, it } from 'vitest';
import { activeWithinWindow, ONLINE_WINDOW_MS, onlineCutoff, Sex, isShownOnline, showsLastActive } from '../src/index.js';

const online = { is_online: 1, is_yin: 1 };
const invisible = { is_online: 1, is_yin: 0 };
const offline = { is_online: 0, is_yin: 1 };

describe('isShownOnline (docs/product-rules.md §4)', () => {
  it('shows a female viewer every member who is online, invisible or not', () => {
    expect(isShownOnline(Sex.female, online)).toBe(true);
    expect(isShownOnline(Sex.female, invisible)).toBe(true);
    expect(isShownOnline(Sex.female, offline)).toBe(false);
  });

  it('shows other viewers only members who are online and visible', () => {
    expect(isShownOnline(Sex.male, online)).toBe(true);
    expect(isShownOnline(Sex.male, invisible)).toBe(false);
    expect(isShownOnline(Sex.male, offline)).toBe(false);
  });
});

describe('showsLastActive (docs/product-rules.md §6)', () => {
  it('shows female viewers the last-active time of members they do not see online', () => {
    expect(showsLastActive(Sex.female, offline)).toBe(true);
    expect(showsLastActive(Sex.female, { is_online: 0, is_yin: 0 })).toBe(true);
    expect(showsLastActive(Sex.female, online)).toBe(false);
    expect(showsLastActive(Sex.female, invisible)).toBe(false);
  });

  it('never shows it to male viewers', () => {
    for (const member of [online, invisible, offline]) expect(showsLastActive(Sex.male, member)).toBe(false);
  });
});

describe('the online window (one rule for presenters and SQL filters)', () => {
  const now = 1_700_000_000_000;

  it('counts a member online while last active less than five minutes ago, strictly', () => {
    expect(ONLINE_WINDOW_MS).toBe(5 * 60_000);
    expect(activeWithinWindow(now - ONLINE_WINDOW_MS + 1, now)).toBe(true);
    expect(activeWithinWindow(now - ONLINE_WINDOW_MS, now)).toBe(false);
  });

  it('gives queries the bound the presenters apply: active after the cutoff', () => {
    for (const at of [now - ONLINE_WINDOW_MS - 1, now - ONLINE_WINDOW_MS, now - ONLINE_WINDOW_MS + 1, now]) {
      expect(at > onlineCutoff(now)).toBe(activeWithinWindow(at, now));
    }
  });
});
