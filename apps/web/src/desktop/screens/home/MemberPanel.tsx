import { Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flattenMembers, useMemberListInfiniteQuery } from '../../../api/members';
import { Avatar } from '../../../ui/Avatar';
import { MemberHoverCard } from '../../components/members/MemberHoverCard';
import { MemberName } from '../../components/members/MemberName';
import { OnlineDot, OnlineText } from '../../components/members/OnlineStatus';

const SHOWN = 8;

/** Latest or online members (first page), each with a hover card; "view all" opens the full list. */
export function MemberPanel() {
  const { t } = useTranslation('desktop');
  const [kind, setKind] = useState<'latest' | 'online'>('latest');
  const query = useMemberListInfiniteQuery({ kind });
  const members = flattenMembers(query.data).slice(0, SHOWN);
  return (
    <section className="kd-card kd-panel" data-testid="member-panel">
      <header className="kd-home-head">
        <h2>{t('home.members')}</h2>
        <Link to={`/w/home/member/${kind}`}>{t('home.viewAll')}</Link>
      </header>
      <Segmented
        block
        value={kind}
        onChange={(v) => setKind(v as 'latest' | 'online')}
        options={[
          { value: 'latest', label: t('nav.latest') },
          { value: 'online', label: t('nav.online') },
        ]}
      />
      {query.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : members.length ? (
        <ul className="kd-panel-list">
          {members.map((m) => (
            <li key={m.id}>
              <MemberHoverCard member={m}>
                <div className="kd-panel-member" data-testid="panel-member" data-member-id={m.id}>
                  <Link to={`/w/home/user/detail/${m.id}`} className="kd-member-photo" tabIndex={-1}>
                    <Avatar src={m.avatar} name={m.username} size={40} />
                    <OnlineDot member={m} />
                  </Link>
                  <div className="kd-panel-id">
                    <MemberName member={m} />
                    <OnlineText member={m} />
                  </div>
                </div>
              </MemberHoverCard>
            </li>
          ))}
        </ul>
      ) : (
        <p className="kd-muted kd-panel-empty">{t('members.empty')}</p>
      )}
    </section>
  );
}
