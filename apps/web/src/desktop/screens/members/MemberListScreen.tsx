import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { flattenMembers, useMemberListInfiniteQuery } from '../../../api/members';
import { LoadMore } from '../../components/LoadMore';
import { MemberGrid } from '../../components/members/MemberGrid';
import '../../components/members/members.css';

/** /w/home/member/online and /latest: a grid of cards with "click for more". */
export function MemberListScreen({ kind }: { kind: 'online' | 'latest' }) {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const query = useMemberListInfiniteQuery({ kind });
  const members = flattenMembers(query.data);
  if (query.isError && !query.data)
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  return (
    <div className="kd-member-page" data-testid={`member-list-${kind}`}>
      <MemberGrid members={members} loading={query.isPending} />
      {query.data && members.length > 0 ? <LoadMore pager={query} endText={t('members.end')} /> : null}
    </div>
  );
}
