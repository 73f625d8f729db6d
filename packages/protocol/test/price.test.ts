import { describe, expect, it } from 'vitest';
import { formatUsd, monthlyPriceCents, savingPercent } from '../src/index.js';

describe('monthlyPriceCents (docs/product-rules.md §9: amounts / duration to two decimals)', () => {
  it('divides the package price by its months, rounded to the cent', () => {
    expect(monthlyPriceCents(2999, 1)).toBe(2999);
    expect(monthlyPriceCents(7499, 3)).toBe(2500); // 24.9966 -> 25.00
    expect(monthlyPriceCents(23999, 12)).toBe(2000); // 19.9991 -> 20.00
    expect(monthlyPriceCents(1000, 3)).toBe(333); // 3.333 -> 3.33
  });

  it('refuses a duration that is not positive', () => {
    expect(() => monthlyPriceCents(1000, 0)).toThrow(RangeError);
    expect(() => monthlyPriceCents(1000, -1)).toThrow(RangeError);
  });
});

describe('savingPercent (docs/product-rules.md §9: integer of (list - monthly) / list)', () => {
  it('truncates the saving to a whole percent', () => {
    expect(savingPercent(2999, 2999)).toBe(0);
    expect(savingPercent(2999, 2500)).toBe(16); // 16.64 %
    expect(savingPercent(4999, 3500)).toBe(29); // 29.99 %
    expect(savingPercent(1000, 500)).toBe(50);
  });

  it('answers 0 without a list price', () => {
    expect(savingPercent(0, 500)).toBe(0);
  });
});

describe('formatUsd', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatUsd(2500)).toBe('25.00');
    expect(formatUsd(5)).toBe('0.05');
    expect(formatUsd(123456)).toBe('1234.56');
  });
});
