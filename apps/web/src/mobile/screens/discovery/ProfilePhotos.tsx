import type { PhotoWire } from '@kindred/protocol';
import { Button, ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import { flattenPhotos, useDeletePhotoMutation, usePhotosInfiniteQuery, useUploadPhotoMutation } from '../../../api/photos';
import { CameraIcon, TrashIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { ListLoading, ListMessage } from './ListState';
import { LoadMore } from './LoadMore';
import { useImageInput } from './use-image-input';
import { useConfirmDelete } from './use-confirm-delete';
import './discovery.css';

/** Adds an image to your album (needs Upload_photo): upload to dir 'photo', then released. */
function UploadPhotoButton() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const allowed = usePermission('Upload_photo');
  const upload = useUploadPhotoMutation();
  const image = useImageInput((file) =>
    upload.mutate(file, { onSuccess: () => toastSuccess(t('discovery.photoUploaded')), onError: (e) => toastFail(errorText(e, 'mobile:discovery.uploadFailed')) }),
  );
  const open = () => (allowed === false ? toastFail(t('common:errors.no_permission')) : image.open());
  return (
    <div className="m-photo-upload">
      <Button block color="primary" fill="outline" shape="rounded" loading={upload.isPending} onClick={open} data-testid="photo-upload-button">
        <CameraIcon className="m-button-icon" aria-hidden="true" />
        {t('discovery.uploadPhoto')}
      </Button>
      <input {...image.inputProps} data-testid="photo-upload" />
    </div>
  );
}

function PhotoTile({ photo, own, onOpen }: { photo: PhotoWire; own: boolean; onOpen: () => void }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const remove = useDeletePhotoMutation();
  const confirm = useConfirmDelete();
  const onDelete = async () => {
    const sure = await confirm(t('discovery.photoDeleteConfirm'));
    if (sure) remove.mutate(photo.pid, { onSuccess: () => toastSuccess(t('discovery.photoDeleted')), onError: (e) => toastFail(errorText(e)) });
  };
  return (
    <figure className="m-photo" data-testid="photo-item" data-photo-id={photo.pid}>
      <button type="button" className="m-photo-open" onClick={onOpen} aria-label={t('discovery.openPhoto')}>
        <img src={photo.img} alt="" loading="lazy" />
      </button>
      {own ? (
        <button type="button" className="m-image-remove" onClick={() => void onDelete()} disabled={remove.isPending} aria-label={t('discovery.deletePhoto')} data-testid="photo-delete">
          <TrashIcon />
        </button>
      ) : null}
    </figure>
  );
}

/** A member's album as a grid (tap to view full screen); upload and the delete icons only on your own. */
export function ProfilePhotos({ userId, own }: { userId: number; own: boolean }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const query = usePhotosInfiniteQuery(userId);
  const photos = flattenPhotos(query.data);
  const view = (index: number) => ImageViewer.Multi.show({ images: photos.map((p) => p.img), defaultIndex: index });
  let body;
  if (query.isPending) body = <ListLoading />;
  else if (query.isError && !query.data) body = <ListMessage text={errorText(query.error)} action={t('common:actions.retry')} onAction={() => void query.refetch()} />;
  else if (!photos.length) body = <ListMessage text={t(own ? 'discovery.photosEmptyOwn' : 'discovery.photosEmpty')} testId="photos-empty" />;
  else
    body = (
      <>
        <div className="m-photo-grid" data-testid="photo-grid">
          {photos.map((photo, i) => (
            <PhotoTile key={photo.pid} photo={photo} own={own} onOpen={() => view(i)} />
          ))}
        </div>
        <LoadMore pager={query} />
      </>
    );
  return (
    <div className="m-profile-photos">
      {own ? <UploadPhotoButton /> : null}
      {body}
    </div>
  );
}
