import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** After the next frame is painted (a frame, then a task): work started then does not delay it. */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * True once the page's first answers are in and drawn (no query fetching, then a painted frame),
 * or after `maxWaitMs` whatever happens. Parts that are not the page's first content (the chat
 * connection and windows, the desktop home's feed, the phone's tab badge) wait for it, so their
 * chunks, calls and start-up work do not compete with the first members for the network and a slow
 * phone's CPU (issue 14). It stays true.
 */
export function useAfterFirstData(maxWaitMs = 4000): boolean {
  const fetching = useIsFetching();
  const [started, setStarted] = useState(false);
  const [ready, setReady] = useState(false);
  // The page's queries start in effects of the first render: look only after its first frame.
  useEffect(() => afterPaint(() => setStarted(true)), []);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [ready, maxWaitMs]);
  useEffect(() => {
    if (ready || !started || fetching > 0) return;
    return afterPaint(() => setReady(true));
  }, [ready, started, fetching]);
  return ready;
}
