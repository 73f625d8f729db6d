import { antispamChallenge } from '@kindred/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { solvePow } from '../ui/pow/solve-pow';
import { ApiError, call } from './client';

/** One key per attempt: a solution is accepted once, so each submit takes its own. */
export const antispamKeys = { solution: (round: number) => ['antispam', 'solution', round] as const };

interface Solved {
  /** The `altcha` field; undefined when the server asks for no proof-of-work. */
  payload?: string;
  /** When the challenge stops being accepted (ms); a solution older than that is solved again. */
  expiresAt: number;
}

/** A solution is not sent in its last minute: the member's request must reach the server in time. */
const MARGIN_MS = 60_000;

async function fetchSolution(signal: AbortSignal): Promise<Solved> {
  const { required, challenge } = await call(antispamChallenge);
  if (!required || !challenge) return { expiresAt: Number.POSITIVE_INFINITY };
  const payload = await solvePow(challenge, signal);
  // Aborted (the form closed) or out of time: the submit answers the server's own message for it.
  if (!payload) throw new ApiError(400, 'challenge_invalid', 'proof-of-work not solved');
  return { payload, expiresAt: (challenge.parameters.expiresAt ?? 0) * 1000 };
}

export type ProofOfWorkState = 'solving' | 'ready' | 'failed';

/**
 * The sign-up and recovery forms' proof-of-work (ALTCHA, self-hosted): solving starts in Web
 * Workers as soon as the form opens, so it is usually done before the member is. `take()` waits
 * for the solution, hands it over and starts the next one: the server accepts each only once,
 * whether the attempt it came with succeeds or not. `active` false pauses the next solve.
 */
export function useProofOfWork(active = true) {
  const qc = useQueryClient();
  const [round, setRound] = useState(0);
  const options = {
    queryKey: antispamKeys.solution(round),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchSolution(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  } as const;
  // Inactive (e.g. the form was sent and is gone): the next solution waits until one is needed again.
  const query = useQuery({ ...options, enabled: active });

  const take = useCallback(async (): Promise<string | undefined> => {
    let solved = await qc.fetchQuery(options);
    if (solved.expiresAt - MARGIN_MS < Date.now()) {
      await qc.resetQueries({ queryKey: options.queryKey, exact: true });
      solved = await qc.fetchQuery(options);
    }
    setRound((r) => r + 1);
    return solved.payload;
    // `options` is rebuilt each render from `round`, which is what the callback depends on.
  }, [qc, round]);

  const state: ProofOfWorkState = query.isError ? 'failed' : query.data ? 'ready' : 'solving';
  return { state, required: query.data ? query.data.payload !== undefined : true, take };
}
