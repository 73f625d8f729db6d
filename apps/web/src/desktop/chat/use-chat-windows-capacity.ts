import { useEffect } from 'react';
import { CAPACITY_DEBOUNCE_MS, useChatWindows, windowCapacity } from './window-store';

/**
 * Keeps the window capacity in step with the viewport: measured once on mount, then recomputed
 * CAPACITY_DEBOUNCE_MS after the last resize event, so dragging a window edge does not reshuffle
 * the chat windows on every frame.
 */
export function useChatWindowsCapacity(): void {
  useEffect(() => {
    const measure = () => useChatWindows.getState().setCapacity(windowCapacity(window.innerWidth));
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, CAPACITY_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}
