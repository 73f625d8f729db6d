import { describe, expect, it } from 'vitest';
import { relativeTime } from '../src/index.js';

/** Local-time dates: the date parts relativeTime answers are the viewer's calendar. */
const at = (y: number, m: number, d: number, h = 12, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms).getTime();
const NOW = at(2024, 6, 15, 12);

describe('relativeTime (docs/product-rules.md §9)', () => {
  it('says "just" under one second, and for times slightly in the future (clock skew)', () => {
    expect(relativeTime(NOW, NOW)).toEqual({ unit: 'just' });
    expect(relativeTime(NOW - 999, NOW)).toEqual({ unit: 'just' });
    expect(relativeTime(NOW + 5_000, NOW)).toEqual({ unit: 'just' });
  });

  it('counts whole seconds from 1 s to 59 s', () => {
    expect(relativeTime(NOW - 1_000, NOW)).toEqual({ unit: 'seconds', value: 1 });
    expect(relativeTime(NOW - 59_999, NOW)).toEqual({ unit: 'seconds', value: 59 });
  });

  it('counts whole minutes from 1 min to 59 min', () => {
    expect(relativeTime(NOW - 60_000, NOW)).toEqual({ unit: 'minutes', value: 1 });
    expect(relativeTime(NOW - 3_599_999, NOW)).toEqual({ unit: 'minutes', value: 59 });
  });

  it('counts whole hours from 1 h to 23 h', () => {
    expect(relativeTime(NOW - 3_600_000, NOW)).toEqual({ unit: 'hours', value: 1 });
    expect(relativeTime(NOW - 86_399_999, NOW)).toEqual({ unit: 'hours', value: 23 });
  });

  it('gives month and day from one day on, without the year in the current year', () => {
    expect(relativeTime(NOW - 86_400_000, NOW)).toEqual({ unit: 'date', month: 6, day: 14 });
    expect(relativeTime(at(2024, 1, 2, 8), NOW)).toEqual({ unit: 'date', month: 1, day: 2 });
  });

  it('adds the year for a date in another year, even one only a day ago', () => {
    expect(relativeTime(at(2023, 12, 25), NOW)).toEqual({ unit: 'date', month: 12, day: 25, year: 2023 });
    expect(relativeTime(at(2023, 12, 31, 10), at(2024, 1, 1, 11))).toEqual({ unit: 'date', month: 12, day: 31, year: 2023 });
  });

  it('uses the current time when none is given', () => {
    expect(relativeTime(Date.now() - 5 * 60_000 - 10)).toEqual({ unit: 'minutes', value: 5 });
  });
});
