import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberWallQuery } from '../../../api/members';
import { Avatar } from '../../../ui/Avatar';
import { OnlineDot } from '../../components/members/OnlineStatus';

/**
 * The rotating member wall: a strip of avatars that scrolls by itself (twice the list, moved by
 * half its width, so the loop has no seam) and pauses under the pointer or keyboard focus.
 */
export function MemberWall() {
  const { t } = useTranslation('desktop');
  const { data: members, isPending } = useMemberWallQuery();
  const loop = members && members.length > 5 ? [...members, ...members] : (members ?? []);
  return (
    <section className="kd-card kd-wall" aria-label={t('home.wallTitle')} data-testid="member-wall">
      <header className="kd-home-head">
        <h2>{t('home.wallTitle')}</h2>
        <span className="kd-muted">{t('home.wallHint')}</span>
      </header>
      {isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <div className="kd-wall-viewport">
          <ul className={loop.length > (members?.length ?? 0) ? 'kd-wall-track is-moving' : 'kd-wall-track'} style={{ animationDuration: `${(members?.length ?? 1) * 2.5}s` }}>
            {loop.map((m, i) => (
              <li key={`${m.id}-${i}`} aria-hidden={i >= (members?.length ?? 0) ? true : undefined}>
                <Link to={`/w/home/user/detail/${m.id}`} className="kd-wall-member" tabIndex={i >= (members?.length ?? 0) ? -1 : undefined}>
                  <span className="kd-member-photo">
                    <Avatar src={m.avatar} name={m.username} size={72} />
                    <OnlineDot member={m} />
                  </span>
                  <span className="kd-wall-name">{m.username}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
