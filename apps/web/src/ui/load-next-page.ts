import { isNeedUpgrade } from '../api/members';

/** What "click for more" needs of an infinite query. */
export interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ error: unknown; isFetchNextPageError?: boolean }>;
}

/**
 * Loads the next page. A free member's page 2 answers need_upgrade (docs/product-rules.md §6): `onUpgrade`
 * says so and moves to the upgrade page; any other failure goes to `onError`. Both interfaces use it.
 */
export async function loadNextPage(pager: Pager, { onUpgrade, onError }: { onUpgrade: () => void; onError: (error: unknown) => void }): Promise<void> {
  const result = await pager.fetchNextPage();
  if (!result.isFetchNextPageError) return;
  if (isNeedUpgrade(result.error)) onUpgrade();
  else onError(result.error);
}
