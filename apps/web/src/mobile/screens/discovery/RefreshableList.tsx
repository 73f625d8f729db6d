import { TIMINGS } from '@kindred/protocol';
import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pull down to reload the list; the spinner closes TIMINGS.pullRefreshCloseMs after the pull at the
 * earliest (spec section 9), and not before the fresh list is in.
 */
export function RefreshableList({ refetch, children }: { refetch: () => Promise<unknown>; children: ReactNode }) {
  return (
    <PullToRefresh onRefresh={() => Promise.all([refetch(), pause(TIMINGS.pullRefreshCloseMs)])} completeDelay={0}>
      {children}
    </PullToRefresh>
  );
}
