import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhotoAlbum } from '../../components/photos/PhotoAlbum';
import { PhotoUploadButton } from '../../components/photos/PhotoUploadButton';
import { TrendComposer } from '../../components/trends/TrendComposer';
import { TrendList } from '../../components/trends/TrendList';
import './member-detail.css';

const PHOTO_PREVIEW = 12;

/** The own profile's posts (with delete) and album preview (with upload), linking to the full album. */
export function MyActivity({ userId }: { userId: number }) {
  const { t } = useTranslation('desktop');
  return (
    <section className="kd-card kd-detail-tabs" data-testid="my-activity">
      <Tabs
        defaultActiveKey="trends"
        items={[
          {
            key: 'trends',
            label: t('detail.tabTrends'),
            children: (
              <div className="kd-detail-photos">
                <TrendComposer />
                <TrendList source={{ kind: 'mine' }} />
              </div>
            ),
          },
          {
            key: 'photos',
            label: t('photos.mine'),
            children: (
              <div className="kd-detail-photos">
                <div className="kd-my-photos-bar">
                  <PhotoUploadButton />
                </div>
                <PhotoAlbum userId={userId} own limit={PHOTO_PREVIEW} />
                <Link to={`/w/home/photo/${userId}`} className="kd-detail-all-photos">
                  {t('detail.viewAllPhotos')}
                </Link>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
