import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** Scrolled up by more than this, the member is reading older lines: new ones do not pull the view down (docs/product-rules.md §4). */
const STICK_PX = 20;

/**
 * Keeps a scrolling list at its bottom while the member is there: new lines, pictures that finish
 * loading, translations and the keyboard opening all keep the last line in view. Older lines put
 * on top (history) keep what the member was reading in place instead. The scroller's first child
 * must wrap all the lines (its growth is what is watched).
 */
export function useStickToBottom(linesVersion: unknown, firstKey: string | number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const height = useRef(0);
  const first = useRef(firstKey);

  const toBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (el) stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const prepended = first.current !== undefined && firstKey !== first.current;
    if (stuck.current) el.scrollTop = el.scrollHeight;
    else if (prepended) el.scrollTop += el.scrollHeight - height.current;
    first.current = firstKey;
    height.current = el.scrollHeight;
  }, [linesVersion, firstKey]);

  useEffect(() => {
    const el = ref.current;
    const inner = el?.firstElementChild;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) toBottom();
      height.current = el.scrollHeight;
    });
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [toBottom]);

  /** The member just sent something: follow it down even if they had scrolled up. */
  const stick = useCallback(() => {
    stuck.current = true;
    toBottom();
  }, [toBottom]);

  return { ref, onScroll, stick };
}
