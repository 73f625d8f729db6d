import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';

export const HOLD_REPEAT_MS = 60;

/** Button handlers that run `action` once on press, then every 60 ms while the button is held. */
export function useHoldRepeat(action: () => void) {
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const latest = useRef(action);
  latest.current = action;

  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);

  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0) return;
      stop();
      latest.current();
      timer.current = setInterval(() => latest.current(), HOLD_REPEAT_MS);
      // A button that disables itself at its limit gets no pointerup: the window still does.
      window.addEventListener('pointerup', stop, { once: true });
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        latest.current();
      }
    },
  };
}
