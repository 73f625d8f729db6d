import { describe, expect, it } from 'vitest';
import { inGivenOrder } from '../src/db/returning-order.js';

describe('inGivenOrder (multi-row RETURNING back in the order given)', () => {
  const key = (r: { who: string }) => r.who;

  it('matches each given row by its key whatever order the database answered in', () => {
    const given = [{ who: 'a' }, { who: 'b' }, { who: 'c' }];
    const returned = [{ id: 12, who: 'c' }, { id: 10, who: 'a' }, { id: 11, who: 'b' }];
    expect(inGivenOrder(given, returned, key).map((r) => r.id)).toEqual([10, 11, 12]);
  });

  it('hands rows alike but for their id out in id order, each once', () => {
    const given = [{ who: 'x' }, { who: 'y' }, { who: 'x' }];
    const returned = [{ id: 7, who: 'x' }, { id: 6, who: 'y' }, { id: 5, who: 'x' }];
    expect(inGivenOrder(given, returned, key).map((r) => r.id)).toEqual([5, 6, 7]);
  });

  it('fails loudly when a given row did not come back', () => {
    expect(() => inGivenOrder([{ who: 'a' }, { who: 'a' }], [{ id: 1, who: 'a' }], key)).toThrow(/no row came back for a/);
  });
});
