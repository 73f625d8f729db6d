import type { MemberCardWire } from '@kindred/protocol';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { flattenMembers, useMemberListInfiniteQuery } from '../../../api/members';
import { ListLoading, ListMessage } from './ListState';
import { LoadMore } from './LoadMore';
import { MemberRow } from './MemberRow';
import { RefreshableList } from './RefreshableList';

type MemberQuery = ReturnType<typeof useMemberListInfiniteQuery>;

/** About a phone screen of rows (each is ~80 px high): what the list's first commit draws. */
const FIRST_ROWS = 8;

/**
 * The rows, the first screenful in the commit that shows the list and the rest in a deferred render
 * right after: a page of 20 rows costs a 4× slowed phone a few hundred milliseconds to render and
 * lay out before the first member could show (issue 14). Later pages render as before.
 */
function MemberRows({ members }: { members: MemberCardWire[] }) {
  const first = useMemo(() => members.slice(0, FIRST_ROWS), [members]);
  const shown = useDeferredValue(members, first);
  return (
    <div className="m-member-list">
      {shown.map((member) => (
        <MemberRow key={member.id} member={member} />
      ))}
    </div>
  );
}

/** Rows of a paged member list with pull to refresh and "click for more"; `emptyText` when nobody is in it. */
export function MemberList({ query, emptyText, testId }: { query: MemberQuery; emptyText: string; testId: string }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const members = useMemo(() => flattenMembers(query.data), [query.data]);
  let body;
  if (query.isPending) body = <ListLoading />;
  else if (query.isError && !query.data)
    body = <ListMessage text={errorText(query.error)} action={t('common:actions.retry')} onAction={() => void query.refetch()} />;
  else if (!members.length) body = <ListMessage text={emptyText} testId="members-empty" />;
  else
    body = (
      <>
        <MemberRows members={members} />
        <LoadMore pager={query} endText={t('discovery.membersEnd')} />
      </>
    );
  return (
    <section data-testid={testId}>
      <RefreshableList refetch={() => query.refetch()}>{body}</RefreshableList>
    </section>
  );
}
