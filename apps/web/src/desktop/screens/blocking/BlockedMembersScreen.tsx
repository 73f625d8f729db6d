import { Button, Empty, List, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlockedListInfiniteQuery } from '../../../api/blocks';
import { useErrorText } from '../../../api/errors';
import { Avatar } from '../../../ui/Avatar';
import { usePageTitle } from '../../components/Page';
import { useBlockActions } from './use-block-member';
import './blocking.css';

/** /w/home/user/blocked: the members I blocked, newest first, each with "unblock" (asks first). */
export function BlockedMembersScreen() {
  const { t, i18n } = useTranslation('desktop');
  const errorText = useErrorText();
  const query = useBlockedListInfiniteQuery();
  const { unblock } = useBlockActions();
  usePageTitle(t('blocking.listTitle'));
  const members = query.data?.pages.flatMap((p) => p.data) ?? [];
  const date = (ms: number) => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(ms));

  let body;
  if (query.isPending) body = <Spin className="kd-blocked-state" />;
  else if (query.isError)
    body = (
      <div className="kd-blocked-state" role="alert">
        <p>{errorText(query.error)}</p>
        <Button onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>
      </div>
    );
  else if (!members.length) body = <Empty className="kd-blocked-state" description={t('blocking.empty')} data-testid="blocked-empty" />;
  else
    body = (
      <>
        <List
          className="kd-blocked-list"
          data-testid="blocked-list"
          dataSource={members}
          renderItem={(m) => (
            <List.Item
              data-testid="blocked-member"
              data-member-id={m.id}
              actions={[
                <Button key="unblock" onClick={() => void unblock(m)} aria-label={`${t('blocking.unblock')} ${m.username}`} data-testid={`unblock-${m.id}`}>
                  {t('blocking.unblock')}
                </Button>,
              ]}
            >
              <List.Item.Meta avatar={<Avatar src={m.avatar} name={m.username} size={44} />} title={m.username} description={t('blocking.blockedOn', { date: date(m.blocked_at) })} />
            </List.Item>
          )}
        />
        {query.hasNextPage ? (
          <div className="kd-blocked-more">
            <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('blocking.more')}
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <section className="kd-card" data-testid="blocked-screen">
      <header className="kd-page-head">
        <h1>{t('blocking.listTitle')}</h1>
        <p>{t('blocking.listHint')}</p>
      </header>
      {body}
    </section>
  );
}
