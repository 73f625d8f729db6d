import { Button, Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../api/errors';
import { useMemberDetailQuery } from '../../../api/members';
import { usePageTitle } from '../../components/Page';
import { PhotoAlbum } from '../../components/photos/PhotoAlbum';
import { TrendList } from '../../components/trends/TrendList';
import '../../components/members/members.css';
import { ProfileHeader } from './ProfileHeader';
import './member-detail.css';

const PHOTO_PREVIEW = 12;

/** /w/home/user/detail/:id: another member's profile with their posts and photos (own id redirects in routes). */
export function MemberDetailScreen() {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const id = Number(useParams().id);
  const query = useMemberDetailQuery(Number.isInteger(id) && id > 0 ? id : undefined);
  const member = query.data;
  usePageTitle(member?.username ?? t('titles.userDetail'));

  if (!Number.isInteger(id) || id <= 0 || (query.isError && query.error instanceof ApiError && query.error.id === 'user_not_found'))
    return (
      <Result
        className="kd-card"
        status="404"
        title={t('common:errors.user_not_found')}
        subTitle={t('detail.notFound')}
        extra={
          <Link to="/w/home/index">
            <Button type="primary">{t('detail.backHome')}</Button>
          </Link>
        }
      />
    );
  if (query.isError) return <Result className="kd-card" status="warning" title={errorText(query.error)} />;
  if (!member) return <Skeleton active avatar paragraph={{ rows: 6 }} className="kd-card" />;

  return (
    <div className="kd-detail" data-testid="member-detail" data-member-id={member.id}>
      <ProfileHeader member={member} />
      <section className="kd-card kd-detail-tabs">
        <Tabs
          defaultActiveKey="trends"
          items={[
            { key: 'trends', label: t('detail.tabTrends'), children: <TrendList source={{ kind: 'member', userid: member.id }} /> },
            {
              key: 'photos',
              label: t('detail.tabPhotos'),
              children: (
                <div className="kd-detail-photos">
                  <PhotoAlbum userId={member.id} own={false} limit={PHOTO_PREVIEW} />
                  <Link to={`/w/home/photo/${member.id}`} className="kd-detail-all-photos">
                    {t('detail.viewAllPhotos')}
                  </Link>
                </div>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}
