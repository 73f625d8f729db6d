import { useRef } from 'react';

/**
 * Wraps a submit or tap handler so a second tap while the first is still running does nothing:
 * a ref flips at once, where a mutation's `isPending` only changes after the next render.
 * A form event is always prevented, so a busy form never falls back to a native submit.
 */
export function useSingleFlight<A extends unknown[]>(handler: (...args: A) => Promise<unknown>): (...args: A) => void {
  const busy = useRef(false);
  return (...args: A) => {
    const first = args[0] as { preventDefault?: () => void } | null | undefined;
    if (first && typeof first === 'object') first.preventDefault?.();
    if (busy.current) return;
    busy.current = true;
    void handler(...args).finally(() => {
      busy.current = false;
    });
  };
}
