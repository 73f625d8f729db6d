import { describe, expect, it } from 'vitest';
import { effectiveVip } from '../src/index.js';

const NOW = 1_900_000_000; // seconds
const future = NOW + 86_400;
const past = NOW - 86_400;

describe('effectiveVip', () => {
  it('keeps gold while its period runs', () => {
    expect(effectiveVip({ vip: 2, overduedate_1: 0, overduedate_2: future }, NOW)).toBe(2);
  });

  it('falls back from expired gold to a still running silver period', () => {
    expect(effectiveVip({ vip: 2, overduedate_1: future, overduedate_2: past }, NOW)).toBe(1);
  });

  it('falls back to free when both periods have ended, or gold lapsed without any silver', () => {
    expect(effectiveVip({ vip: 2, overduedate_1: past, overduedate_2: past }, NOW)).toBe(0);
    expect(effectiveVip({ vip: 2, overduedate_1: 0, overduedate_2: past }, NOW)).toBe(0);
  });

  it('treats an expiry of 0 as no end date (staff accounts)', () => {
    expect(effectiveVip({ vip: 2, overduedate_1: 0, overduedate_2: 0 }, NOW)).toBe(2);
    expect(effectiveVip({ vip: 1, overduedate_1: 0, overduedate_2: 0 }, NOW)).toBe(1);
  });

  it('keeps silver while it runs and ends it at its expiry second', () => {
    expect(effectiveVip({ vip: 1, overduedate_1: future, overduedate_2: 0 }, NOW)).toBe(1);
    expect(effectiveVip({ vip: 1, overduedate_1: NOW, overduedate_2: 0 }, NOW)).toBe(0);
    expect(effectiveVip({ vip: 1, overduedate_1: NOW + 1, overduedate_2: 0 }, NOW)).toBe(1);
  });

  it('answers free for a free member whatever the dates say', () => {
    expect(effectiveVip({ vip: 0, overduedate_1: future, overduedate_2: future }, NOW)).toBe(0);
  });
});
