import type { ChallengeAnswer } from '@kindred/protocol';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { as } from './factories.js';
import type { TestApp } from './test-app.js';

/** The proof-of-work at a difficulty tests can afford; the code path is production's. */
export const CHEAP_POW = { ANTISPAM_POW: '1', ANTISPAM_POW_COST: '1', ANTISPAM_POW_COUNTER_MAX: '30' };

/** Fetches a challenge from the app and solves it as the browser's worker does: ALTCHA's base64 payload. */
export async function solvedChallenge(ctx: TestApp): Promise<string> {
  const res = await as(ctx).post('/member/index/challenge');
  const { challenge } = res.body.data as ChallengeAnswer;
  if (!challenge) throw new Error('the app asks for no proof-of-work (ANTISPAM_POW is off)');
  return encodeSolution(challenge as Challenge, await solve(challenge as Challenge));
}

export async function solve(challenge: Challenge) {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('no solution within 10 s');
  return solution;
}

export const encodeSolution = (challenge: Challenge, solution: { counter: number; derivedKey: string }) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
