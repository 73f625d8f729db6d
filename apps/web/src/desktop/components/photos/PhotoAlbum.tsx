import { DeleteOutlined } from '@ant-design/icons';
import type { PhotoWire } from '@kindred/protocol';
import { App, Button, Empty, Image, Popconfirm, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { flattenPhotos, useDeletePhotoMutation, usePhotosInfiniteQuery } from '../../../api/photos';
import { LoadMore } from '../LoadMore';
import './photos.css';

/** Photos in groups by the day they were added, newest first (docs/product-rules.md §2: "grouped by date"). */
function groupByDay(photos: PhotoWire[]): { day: string; photos: PhotoWire[] }[] {
  const groups = new Map<string, PhotoWire[]>();
  for (const photo of photos) {
    const day = dayjs(photo.create_time * 1000).format('YYYY-MM-DD');
    groups.set(day, [...(groups.get(day) ?? []), photo]);
  }
  return [...groups].map(([day, list]) => ({ day, photos: list }));
}

function PhotoTile({ photo, own }: { photo: PhotoWire; own: boolean }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const remove = useDeletePhotoMutation();
  const onDelete = () =>
    remove.mutateAsync(photo.pid).then(
      () => void message.success(t('photos.deleted')),
      (error: unknown) => void message.error(errorText(error)),
    );
  return (
    <figure className="kd-photo" data-testid="photo-item" data-photo-id={photo.pid}>
      <Image src={photo.img} alt={t('photos.photo')} width="100%" height="100%" />
      {own ? (
        <Popconfirm title={t('photos.deleteConfirm')} okText={t('trends.delete')} okButtonProps={{ danger: true }} onConfirm={onDelete}>
          <Button className="kd-photo-delete" shape="circle" size="small" icon={<DeleteOutlined />} aria-label={t('photos.delete')} data-testid="photo-delete" />
        </Popconfirm>
      ) : null}
    </figure>
  );
}

/** A member's album grouped by date; delete shows only on your own photos. `limit` shows a preview. */
export function PhotoAlbum({ userId, own, limit }: { userId: number; own: boolean; limit?: number }) {
  const { t, i18n } = useTranslation('desktop');
  const errorText = useErrorText();
  const query = usePhotosInfiniteQuery(userId);
  const all = flattenPhotos(query.data);
  const shown = limit ? all.slice(0, limit) : all;
  const groups = groupByDay(shown);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError && !query.data) return <Empty description={errorText(query.error)} />;
  if (!all.length) return <Empty className="kd-empty" description={t('photos.empty')} />;
  const label = (day: string) => new Date(`${day}T00:00:00`).toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <div className="kd-album" data-testid="photo-album">
      <Image.PreviewGroup>
        {groups.map((group) => (
          <section key={group.day} className="kd-album-day">
            <h3>
              <time dateTime={group.day}>{label(group.day)}</time>
            </h3>
            <div className="kd-photo-grid">
              {group.photos.map((photo) => (
                <PhotoTile key={photo.pid} photo={photo} own={own} />
              ))}
            </div>
          </section>
        ))}
      </Image.PreviewGroup>
      {limit ? null : <LoadMore pager={query} />}
    </div>
  );
}
