import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBlockedListInfiniteQuery } from '../../../api/blocks';
import { useErrorText } from '../../../api/errors';
import { Avatar } from '../../../ui/Avatar';
import { SubPage } from '../../components/SubPage';
import { ListLoading, ListMessage } from '../discovery/ListState';
import { LoadMore } from '../discovery/LoadMore';
import { useUnblockMember } from './use-block-member';
import './blocking.css';

/** /m/home/my/setup/blocked: the members I blocked, newest first, each with "unblock" (asks first). */
export default function BlockedMembersScreen() {
  const { t, i18n } = useTranslation('mobile');
  const errorText = useErrorText();
  const query = useBlockedListInfiniteQuery();
  const unblock = useUnblockMember();
  const members = query.data?.pages.flatMap((p) => p.data) ?? [];
  const date = (ms: number) => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(ms));

  let body;
  if (query.isPending) body = <ListLoading />;
  else if (query.isError) body = <ListMessage text={errorText(query.error)} action={t('common:actions.retry')} onAction={() => void query.refetch()} testId="blocked-error" />;
  else if (!members.length) body = <ListMessage text={t('blocking.empty')} testId="blocked-empty" />;
  else
    body = (
      <>
        <List className="m-card m-blocked-list" data-testid="blocked-list">
          {members.map((m) => (
            <List.Item
              key={m.id}
              prefix={<Avatar src={m.avatar} name={m.username} size={44} />}
              description={t('blocking.blockedOn', { date: date(m.blocked_at) })}
              extra={
                <Button size="small" shape="rounded" onClick={() => void unblock(m)} aria-label={`${t('blocking.unblock')} ${m.username}`} data-testid={`unblock-${m.id}`}>
                  {t('blocking.unblock')}
                </Button>
              }
              data-testid="blocked-member"
              data-member-id={m.id}
            >
              {m.username}
            </List.Item>
          ))}
        </List>
        <LoadMore pager={query} />
      </>
    );

  return (
    <SubPage title={t('blocking.listTitle')} back="/m/home/my/setup/index" testId="blocked-screen">
      <p className="m-blocked-hint">{t('blocking.listHint')}</p>
      {body}
    </SubPage>
  );
}
