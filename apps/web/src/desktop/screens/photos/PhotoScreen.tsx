import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMemberDetailQuery } from '../../../api/members';
import { useSession } from '../../../state/session';
import { usePageTitle } from '../../components/Page';
import { PhotoAlbum } from '../../components/photos/PhotoAlbum';
import { PhotoUploadButton } from '../../components/photos/PhotoUploadButton';

/** /w/home/photo/:id (needs View_photo): an album grouped by date; upload and delete on your own. */
export function PhotoScreen() {
  const { t } = useTranslation('desktop');
  const id = Number(useParams().id);
  const me = useSession((s) => s.user?.id);
  const own = id === me;
  const owner = useMemberDetailQuery(own ? undefined : id);
  const title = own ? t('photos.mine') : owner.data ? t('photos.title', { name: owner.data.username }) : t('titles.photo');
  usePageTitle(title);
  const profile = own ? '/w/home/user/index' : `/w/home/user/detail/${id}`;
  return (
    <section className="kd-card kd-photo-page" data-testid="photo-page">
      <header className="kd-photo-head">
        <div>
          <Link to={profile} className="kd-photo-back">
            <ArrowLeftOutlined /> {t('photos.backToProfile')}
          </Link>
          <h1>{title}</h1>
        </div>
        {own ? <PhotoUploadButton /> : null}
      </header>
      {Number.isInteger(id) && id > 0 ? <PhotoAlbum userId={id} own={own} /> : null}
    </section>
  );
}
