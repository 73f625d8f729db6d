import { describe, expect, it } from 'vitest';
import { BatchLoader } from '../src/realtime/batch-loader.js';

/** The connect path's batching (realtime/batch-loader.ts): a burst shares a run, a lone key waits for no one. */
function loader(gatherMs: number, fullAt?: number) {
  const runs: string[][] = [];
  const batches = new BatchLoader<string, string>(
    async (keys) => {
      runs.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    },
    'none',
    { gatherMs, fullAt },
  );
  return { batches, runs };
}

const timed = async <T>(work: Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
};

describe('BatchLoader', () => {
  it('runs a lone key after the current turn, without waiting for the gather', async () => {
    const { batches, runs } = loader(300);
    const { value, ms } = await timed(batches.load('a'));
    expect(value).toBe('A');
    expect(ms).toBeLessThan(150);
    expect(runs).toEqual([['a']]);
  });

  it('gathers the keys of a burst into one run, after the gather', async () => {
    const { batches, runs } = loader(300);
    const first = batches.load('a');
    await new Promise((resolve) => setImmediate(resolve));
    // Asked while the first runs: they wait for it, then for the gather, together.
    const rest = timed(Promise.all([batches.load('b'), batches.load('c'), batches.load('b')]));
    await first;
    const later = timed(batches.load('d'));
    expect((await rest).value).toEqual(['B', 'C', 'B']);
    expect((await rest).ms).toBeGreaterThanOrEqual(290);
    expect((await later).value).toBe('D');
    expect(runs).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('runs at once again after a quiet spell (twice the gather)', async () => {
    const { batches, runs } = loader(100);
    await batches.load('a');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const { ms } = await timed(batches.load('b'));
    expect(ms).toBeLessThan(80);
    expect(runs).toEqual([['a'], ['b']]);
  });

  it('runs a gathering batch at once when it holds `fullAt` keys', async () => {
    const { batches, runs } = loader(1_000, 3);
    await batches.load('a');
    const started = performance.now();
    const burst = batches.load('b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // b is gathering (it came right after a); the third key fills the batch.
    expect(runs).toEqual([['a']]);
    expect(await Promise.all([burst, batches.load('c'), batches.load('d')])).toEqual(['B', 'C', 'D']);
    expect(performance.now() - started).toBeLessThan(500);
    expect(runs).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('answers the fallback for a key the run left out, and every waiter of a failed run its error', async () => {
    const failing = new BatchLoader<number, string>(async (keys) => {
      if (keys.includes(0)) throw new Error('no zero');
      return new Map([[1, 'one']]);
    }, 'none');
    expect(await Promise.all([failing.load(1), failing.load(2)])).toEqual(['one', 'none']);
    await expect(Promise.all([failing.load(0), failing.load(3)])).rejects.toThrow('no zero');
  });
});
