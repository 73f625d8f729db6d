import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Slider } from 'antd';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import type { CropArea } from '../../ui/avatar-crop';
import { useHoldRepeat } from './use-hold-repeat';

const MAX_SCALE = 4;
const STEP = 2;
/** The slider's 0-100 maps onto the cropper's 1x-4x scale. */
const toScale = (zoom: number) => 1 + (zoom / 100) * (MAX_SCALE - 1);
const toZoom = (scale: number) => Math.round(((scale - 1) / (MAX_SCALE - 1)) * 100);
const clamp = (v: number) => Math.min(100, Math.max(0, v));

/** Step 2 of the crop dialog: a square crop area over the picture, with a zoom slider and +/- buttons. */
export function CropStage({ src, onArea }: { src: string; onArea: (area: CropArea) => void }) {
  const { t } = useTranslation('desktop');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(0);
  const zoomOut = useHoldRepeat(() => setZoom((z) => clamp(z - STEP)));
  const zoomIn = useHoldRepeat(() => setZoom((z) => clamp(z + STEP)));

  return (
    <div className="kd-crop-stage">
      <div className="kd-crop-area">
        <Cropper
          image={src}
          crop={crop}
          zoom={toScale(zoom)}
          minZoom={1}
          maxZoom={MAX_SCALE}
          aspect={1}
          cropShape="rect"
          showGrid
          onCropChange={setCrop}
          onZoomChange={(scale) => setZoom(clamp(toZoom(scale)))}
          onCropComplete={(_, pixels) => onArea(pixels)}
        />
      </div>
      <p className="kd-crop-hint">{t('crop.dragHint')}</p>
      <div className="kd-crop-zoom">
        <Button shape="circle" icon={<MinusOutlined />} aria-label={t('crop.zoomOut')} data-testid="zoom-out" disabled={zoom <= 0} {...zoomOut} />
        <Slider className="kd-crop-slider" min={0} max={100} value={zoom} onChange={(v: number) => setZoom(v)} aria-label={t('crop.zoom')} tooltip={{ formatter: (v) => `${v ?? 0}` }} />
        <Button shape="circle" icon={<PlusOutlined />} aria-label={t('crop.zoomIn')} data-testid="zoom-in" disabled={zoom >= 100} {...zoomIn} />
      </div>
    </div>
  );
}
