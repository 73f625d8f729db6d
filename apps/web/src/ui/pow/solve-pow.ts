import type { PowChallengeWire } from '@kindred/protocol';
import { solveChallengeWorkers, type Challenge } from 'altcha-lib';

/** At most this many threads: more costs phones memory and battery for little gain. */
const MAX_WORKERS = 4;
const TIMEOUT_MS = 120_000;

/**
 * Solves an ALTCHA challenge in Web Workers, the counters split between them, and answers the
 * payload the server reads: base64 of `{ challenge, solution }`. Null when aborted or timed out.
 */
export async function solvePow(challenge: PowChallengeWire, signal?: AbortSignal): Promise<string | null> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallengeWorkers({
    challenge: challenge as Challenge,
    concurrency: Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 2)),
    createWorker: () => new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' }),
    controller,
    timeout: TIMEOUT_MS,
  });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }));
}
