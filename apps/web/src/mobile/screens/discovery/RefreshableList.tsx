import { TIMINGS } from '@kindred/protocol';
import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pull down to reload the list. The indicator closes TIMINGS.pullRefreshCloseMs after the pull
 * (docs/product-rules.md §9) whether or not the fresh list is in: on a slow network the member is
 * not held by a spinner, and the list fills in when its data arrives.
 */
export function RefreshableList({ refetch, children }: { refetch: () => Promise<unknown>; children: ReactNode }) {
  const onRefresh = () => {
    void refetch();
    return pause(TIMINGS.pullRefreshCloseMs);
  };
  return (
    <PullToRefresh onRefresh={onRefresh} completeDelay={0}>
      {children}
    </PullToRefresh>
  );
}
