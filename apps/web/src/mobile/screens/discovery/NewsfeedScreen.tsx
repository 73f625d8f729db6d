import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePermission } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../api/errors';
import { useMemberDetailQuery } from '../../../api/members';
import { useSession } from '../../../state/session';
import { ProfileBlockMenu } from '../blocking/ProfileBlockMenu';
import { RequirePermission } from '../../../ui/guards';
import { SubPage } from '../../components/SubPage';
import { CameraIcon, PlusIcon } from '../../icons';
import { toastFail } from '../../toast';
import { BackPhotoPopup } from './BackPhotoPopup';
import { ListLoading, ListMessage } from './ListState';
import { ProfileBanner } from './ProfileBanner';
import { ProfileData } from './ProfileData';
import { ProfileIdentity } from './ProfileIdentity';
import { ProfilePhotos } from './ProfilePhotos';
import { TrendFeed } from './TrendFeed';
import './profile.css';
import './trends.css';

const TABS = ['1', '2', '3'] as const;
type Tab = (typeof TABS)[number];

/** Another member's photos need View_photo (docs/product-rules.md §6); your own never do. */
function PhotosTab({ userId, own }: { userId: number; own: boolean }) {
  const { t } = useTranslation();
  const allowed = usePermission('View_photo');
  if (!own && allowed === false) return <ListMessage text={t('errors.no_permission')} testId="photos-no-permission" />;
  if (!own && allowed === undefined) return <ListLoading />;
  return <ProfilePhotos userId={userId} own={own} />;
}

function Profile({ id, own }: { id: number; own: boolean }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const [drawer, setDrawer] = useState(false);
  const query = useMemberDetailQuery(id);
  const member = query.data;
  const type = params.get('type');
  const tab: Tab = TABS.includes(type as Tab) ? (type as Tab) : '1';
  const title = own ? t('titles.newsfeed') : (member?.username ?? t('discovery.profile'));
  const back = own ? '/m/home/my/index' : '/m/home/index';

  let body;
  if (query.isPending) body = <ListLoading />;
  else if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.id === 'user_not_found';
    body = <ListMessage text={gone ? t('common:errors.user_not_found') : errorText(query.error)} testId="profile-error" />;
  } else
    body = (
      <>
        <ProfileBanner member={query.data}>
          {own ? (
            <button type="button" className="m-banner-edit" onClick={() => setDrawer(true)} data-testid="background-open">
              <CameraIcon aria-hidden="true" />
              {t('discovery.changeBackground')}
            </button>
          ) : null}
        </ProfileBanner>
        <ProfileIdentity member={query.data} own={own} />
        <section className="m-card m-profile-tabs">
          <Tabs activeKey={tab} onChange={(key) => setParams({ type: key }, { replace: true })}>
            <Tabs.Tab key="1" title={<span data-testid="profile-tab-1">{t('discovery.tabDynamic')}</span>} />
            <Tabs.Tab key="2" title={<span data-testid="profile-tab-2">{t('discovery.tabPhoto')}</span>} />
            <Tabs.Tab key="3" title={<span data-testid="profile-tab-3">{t('discovery.tabData')}</span>} />
          </Tabs>
          {tab === '1' ? (
            <>
              {own ? (
                <Link to="/m/home/trend/new" className="m-profile-post" data-testid="profile-post">
                  <PlusIcon aria-hidden="true" />
                  {t('discovery.newTrend')}
                </Link>
              ) : null}
              <TrendFeed source={own ? { kind: 'mine' } : { kind: 'member', userid: id }} emptyText={t(own ? 'discovery.trendsEmptyOwn' : 'discovery.trendsEmptyMember')} />
            </>
          ) : null}
          {tab === '2' ? <PhotosTab userId={id} own={own} /> : null}
        </section>
        {tab === '3' ? <ProfileData member={query.data} /> : null}
        {own ? <BackPhotoPopup visible={drawer} onClose={() => setDrawer(false)} backphotos={query.data.backphotos} /> : null}
      </>
    );

  return (
    <SubPage title={title} back={back} right={!own && member ? <ProfileBlockMenu member={member} /> : undefined} testId="newsfeed-screen">
      <div className="m-profile" data-member-id={id}>
        {body}
      </div>
    </SubPage>
  );
}

/** /m/home/my/newsfeed/:id: a profile; another member's needs View_profiles (docs/product-rules.md §6). `?type` picks the tab. */
export default function NewsfeedScreen() {
  const { t } = useTranslation('mobile');
  const id = Number(useParams().id);
  const me = useSession((s) => s.user?.id);
  if (!Number.isInteger(id) || id <= 0)
    return (
      <SubPage title={t('discovery.profile')} back="/m/home/index">
        <ListMessage text={t('common:errors.user_not_found')} testId="profile-error" />
      </SubPage>
    );
  if (me == null) return null;
  if (id === me) return <Profile id={id} own />;
  return (
    <RequirePermission flag="View_profiles" notify={toastFail}>
      <Profile id={id} own={false} />
    </RequirePermission>
  );
}
