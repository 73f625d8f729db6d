import { describe, expect, it } from 'vitest';
import { LIMITS, ageOn, isAdult } from '../src/index.js';

const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);

describe('ageOn', () => {
  const birthday = utc(2000, 3, 15);

  it('counts a year only once the birthday has come', () => {
    expect(ageOn(birthday, utc(2018, 3, 14, 23))).toBe(17);
    expect(ageOn(birthday, utc(2018, 3, 15))).toBe(18);
    expect(ageOn(birthday, utc(2018, 12, 31))).toBe(18);
    expect(ageOn(birthday, utc(2019, 1, 1))).toBe(18);
  });

  it('lets someone born on 29 February age on 1 March in other years', () => {
    const leap = utc(2000, 2, 29);
    expect(ageOn(leap, utc(2018, 2, 28))).toBe(17);
    expect(ageOn(leap, utc(2018, 3, 1))).toBe(18);
    expect(ageOn(leap, utc(2020, 2, 29))).toBe(20);
  });

  it('is 0 on the day of birth', () => {
    expect(ageOn(birthday, birthday)).toBe(0);
  });
});

describe('isAdult (minimum age 18)', () => {
  it('turns true on the 18th birthday, not a day before', () => {
    const birthday = utc(2006, 7, 1);
    expect(LIMITS.minAge).toBe(18);
    expect(isAdult(birthday, LIMITS.minAge, utc(2024, 6, 30, 23))).toBe(false);
    expect(isAdult(birthday, LIMITS.minAge, utc(2024, 7, 1))).toBe(true);
  });

  it('is false for birthdays in the future', () => {
    expect(isAdult(utc(2030, 1, 1), 18, utc(2024, 1, 1))).toBe(false);
  });
});
