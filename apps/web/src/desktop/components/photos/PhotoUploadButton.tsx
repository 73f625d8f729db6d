import { UploadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import { useUploadPhotoMutation } from '../../../api/photos';

/** Adds an image to your album (needs Upload_photo): upload to dir 'photo', then released. */
export function PhotoUploadButton() {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const allowed = usePermission('Upload_photo');
  const upload = useUploadPhotoMutation();
  const input = useRef<HTMLInputElement>(null);
  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return void message.error(t('common:errors.not_an_image'));
    upload.mutate(file, { onSuccess: () => void message.success(t('photos.uploaded')), onError: (e) => void message.error(errorText(e)) });
  };
  const open = () => (allowed === false ? void message.error(t('common:errors.no_permission')) : input.current?.click());
  return (
    <>
      <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending} onClick={open} data-testid="photo-upload-button">
        {t('photos.upload')}
      </Button>
      <input ref={input} type="file" accept="image/*" hidden onChange={(e) => choose(e.target.files?.[0])} data-testid="photo-upload" />
    </>
  );
}
