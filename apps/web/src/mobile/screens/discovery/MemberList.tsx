import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { flattenMembers, useMemberListInfiniteQuery } from '../../../api/members';
import { ListLoading, ListMessage } from './ListState';
import { LoadMore } from './LoadMore';
import { MemberRow } from './MemberRow';
import { RefreshableList } from './RefreshableList';

type MemberQuery = ReturnType<typeof useMemberListInfiniteQuery>;

/** Rows of a paged member list with pull to refresh and "click for more"; `emptyText` when nobody is in it. */
export function MemberList({ query, emptyText, testId }: { query: MemberQuery; emptyText: string; testId: string }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const members = flattenMembers(query.data);
  let body;
  if (query.isPending) body = <ListLoading />;
  else if (query.isError && !query.data)
    body = <ListMessage text={errorText(query.error)} action={t('common:actions.retry')} onAction={() => void query.refetch()} />;
  else if (!members.length) body = <ListMessage text={emptyText} testId="members-empty" />;
  else
    body = (
      <>
        <div className="m-member-list">
          {members.map((member) => (
            <MemberRow key={member.id} member={member} />
          ))}
        </div>
        <LoadMore pager={query} endText={t('discovery.membersEnd')} />
      </>
    );
  return (
    <section data-testid={testId}>
      <RefreshableList refetch={() => query.refetch()}>{body}</RefreshableList>
    </section>
  );
}
