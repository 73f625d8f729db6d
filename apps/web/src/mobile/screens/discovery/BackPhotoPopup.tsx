import type { BackPhotoWire } from '@kindred/protocol';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { useDeleteBackPhotoMutation, useUploadBackPhotoMutation } from '../../../api/photos';
import { CameraIcon, TrashIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { useImageInput } from './use-image-input';
import { useConfirmDelete } from './use-confirm-delete';
import './discovery.css';

/** The own profile's background-photo drawer: upload a new background, delete the ones there are. */
export function BackPhotoPopup({ visible, onClose, backphotos }: { visible: boolean; onClose: () => void; backphotos: BackPhotoWire[] }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const upload = useUploadBackPhotoMutation();
  const remove = useDeleteBackPhotoMutation();
  const confirm = useConfirmDelete();
  const image = useImageInput((file) =>
    upload.mutate(file, { onSuccess: () => toastSuccess(t('discovery.backgroundUploaded')), onError: (e) => toastFail(errorText(e, 'mobile:discovery.uploadFailed')) }),
  );

  const onDelete = async (id: number) => {
    const sure = await confirm(t('discovery.backgroundDeleteConfirm'));
    if (sure) remove.mutate(id, { onSuccess: () => toastSuccess(t('discovery.backgroundDeleted')), onError: (e) => toastFail(errorText(e)) });
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="m-back-popup" aria-label={t('discovery.backgrounds')}>
      <div className="m-back-head">
        <h2>{t('discovery.backgrounds')}</h2>
        <button type="button" className="m-back-close" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      </div>
      <div data-testid="background-drawer">
        {backphotos.length ? (
          <div className="m-back-grid">
            {backphotos.map((photo) => (
              <figure key={photo.id} className="m-photo" data-testid="background-item" data-background-id={photo.id}>
                <img src={photo.img} alt="" loading="lazy" />
                <button type="button" className="m-image-remove" onClick={() => void onDelete(photo.id)} disabled={remove.isPending} aria-label={t('discovery.deleteBackground')} data-testid="background-delete">
                  <TrashIcon />
                </button>
              </figure>
            ))}
          </div>
        ) : (
          <p className="m-back-empty">{t('discovery.backgroundsEmpty')}</p>
        )}
        <Button block color="primary" shape="rounded" loading={upload.isPending} onClick={image.open} data-testid="background-upload-button">
          <CameraIcon className="m-button-icon" aria-hidden="true" />
          {t('discovery.uploadBackground')}
        </Button>
        <input {...image.inputProps} data-testid="background-upload" />
      </div>
    </Popup>
  );
}
