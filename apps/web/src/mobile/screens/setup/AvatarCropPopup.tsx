import { Button, Popup, Slider } from 'antd-mobile';
import { useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useUploadAvatarMutation } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import { centredSquare, renderAvatar, type CropArea } from '../../../ui/avatar-crop';
import { useSaveProfile } from '../../use-save-profile';
import { toastFail } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';

/** docs/product-rules.md §5: zoom runs 0-100; here 0 shows the whole square, 100 is three times closer. */
const ZOOM_STEPS = 100;
const MAX_ZOOM = 3;
const toZoom = (step: number) => 1 + (step / ZOOM_STEPS) * (MAX_ZOOM - 1);
const toStep = (zoom: number) => Math.round(((zoom - 1) / (MAX_ZOOM - 1)) * ZOOM_STEPS);

/** Full-screen crop of the chosen photo: drag, pinch or slide to zoom, then upload a 300x300 png and save it. */
export default function AvatarCropPopup({ image, url, onClose }: { image: HTMLImageElement; url: string; onClose: () => void }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const upload = useUploadAvatarMutation();
  const { save, saving } = useSaveProfile();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const area = useRef<CropArea>(centredSquare(image));
  const busy = upload.isPending || saving;

  const confirm = useSingleFlight(async () => {
    let path: string;
    try {
      path = await upload.mutateAsync(await renderAvatar(image, area.current));
    } catch (error) {
      return toastFail(errorText(error, 'mobile:setup.uploadFailed'));
    }
    if (await save({ avatar: path })) onClose();
  });

  return (
    <Popup visible onClose={onClose} bodyClassName="m-crop" destroyOnClose aria-label={t('setup.crop')}>
      <div className="m-crop-bar">
        <button type="button" className="m-crop-cancel" onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </button>
        <span className="m-crop-title">{t('setup.crop')}</span>
        <span className="m-crop-spacer" />
      </div>
      <div className="m-crop-stage" data-testid="avatar-crop">
        <Cropper
          image={url}
          crop={crop}
          zoom={zoom}
          aspect={1}
          minZoom={1}
          maxZoom={MAX_ZOOM}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_: Area, pixels: Area) => {
            area.current = pixels;
          }}
        />
      </div>
      <div className="m-crop-tools">
        <label className="m-crop-zoom">
          <span>{t('setup.zoom')}</span>
          <Slider min={0} max={ZOOM_STEPS} step={1} value={toStep(zoom)} onChange={(v) => setZoom(toZoom(v as number))} aria-label={t('setup.zoom')} />
        </label>
        <Button className="m-button-pill" color="primary" block loading={busy} onClick={confirm} data-testid="avatar-crop-save">
          {t('setup.useThis')}
        </Button>
      </div>
    </Popup>
  );
}
