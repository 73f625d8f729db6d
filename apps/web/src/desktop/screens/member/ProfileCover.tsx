import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { useMemberDetailQuery } from '../../../api/members';
import { useDeleteBackPhotoMutation, useUploadBackPhotoMutation } from '../../../api/photos';
import { BannerArt } from '../../../ui/BannerArt';

/**
 * The own profile's cover: the newest background photo (what others see on the detail page), with
 * change (upload) and remove. The session user carries no backgrounds, so it reads the own detail.
 */
export function ProfileCover({ userId }: { userId: number }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const detail = useMemberDetailQuery(userId);
  const upload = useUploadBackPhotoMutation();
  const remove = useDeleteBackPhotoMutation();
  const input = useRef<HTMLInputElement>(null);
  const cover = detail.data?.backphotos[0];

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return void message.error(t('common:errors.not_an_image'));
    upload.mutate(file, { onSuccess: () => void message.success(t('profile.backgroundChanged')), onError: (e) => void message.error(errorText(e)) });
  };
  const onDelete = () =>
    cover &&
    remove.mutateAsync(cover.id).then(
      () => void message.success(t('photos.deleted')),
      (error: unknown) => void message.error(errorText(error)),
    );

  return (
    <div
      className="kd-profile-cover"
      style={cover ? { backgroundImage: `url("${encodeURI(cover.img)}")` } : undefined}
      data-testid="profile-cover"
      data-background={cover ? cover.id : ''}
    >
      {cover ? null : <BannerArt className="kd-cover-art" />}
      <div className="kd-cover-actions">
        {cover ? (
          <Popconfirm title={t('profile.removeBackgroundConfirm')} okText={t('trends.delete')} okButtonProps={{ danger: true }} onConfirm={onDelete}>
            <Button size="small" icon={<DeleteOutlined />} data-testid="background-delete">
              {t('profile.removeBackground')}
            </Button>
          </Popconfirm>
        ) : null}
        <Button size="small" icon={<PictureOutlined />} loading={upload.isPending} onClick={() => input.current?.click()} data-testid="background-button">
          {t('profile.changeBackground')}
        </Button>
        <input ref={input} type="file" accept="image/*" hidden onChange={(e) => choose(e.target.files?.[0])} data-testid="background-upload" />
      </div>
    </div>
  );
}
