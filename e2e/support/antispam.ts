import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * The sign-up proof-of-work for calls a journey makes without the browser: a challenge from the
 * server, solved here as the browser's worker would, as the `altcha` field. Undefined when the
 * server asks for none (ANTISPAM_POW off).
 */
export async function solvedChallenge(base: string): Promise<string | undefined> {
  const res = await fetch(`${base}/member/index/challenge`, { method: 'POST' });
  const { data } = (await res.json()) as { data: { required: 0 | 1; challenge: Challenge | null } };
  if (!data.required || !data.challenge) return undefined;
  const solution = await solveChallenge({ challenge: data.challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the proof-of-work was not solved in 30 s');
  return Buffer.from(JSON.stringify({ challenge: data.challenge, solution })).toString('base64');
}
