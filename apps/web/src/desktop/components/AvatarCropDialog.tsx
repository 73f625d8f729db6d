import { CloudUploadOutlined, PictureOutlined } from '@ant-design/icons';
import { LIMITS } from '@kindred/protocol';
import { Alert, Button, Modal, Result, Spin, Steps } from 'antd';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileMutation, useUploadAvatarMutation } from '../../api/account';
import { useErrorText } from '../../api/errors';
import { useSession } from '../../state/session';
import { Avatar } from '../../ui/Avatar';
import { AVATAR_TYPES, centredSquare, checkAvatarFile, renderAvatar, type CropArea } from '../../ui/avatar-crop';
import { CropStage } from './CropStage';
import './crop.css';

/** docs/product-rules.md §4: step 1 choose, 2 crop/zoom, 3 upload; loading 0 idle, 1 uploading, 2 success, 3 failed. */
type Step = 1 | 2 | 3;
type Loading = 0 | 1 | 2 | 3;
const MAX_KB = LIMITS.avatarMaxBytes / 1024;

interface Source {
  url: string;
  image: HTMLImageElement;
}

/** Choose, crop and upload a new avatar; saves it on the profile with the member's current details. */
export function AvatarCropDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const user = useSession((s) => s.user);
  const uploadAvatar = useUploadAvatarMutation();
  const saveProfile = useProfileMutation();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>(1);
  const [loading, setLoading] = useState<Loading>(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [source, setSource] = useState<Source | null>(null);
  const area = useRef<CropArea | null>(null);

  // A fresh dialog every time it opens; the preview's object URL is released with it.
  useEffect(() => {
    if (open) return;
    setStep(1);
    setLoading(0);
    setProblem(null);
    setSource((s) => {
      if (s) URL.revokeObjectURL(s.url);
      return null;
    });
  }, [open]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    const checked = await checkAvatarFile(file);
    if ('problem' in checked) {
      setProblem(t(`crop.errors.${checked.problem}`, { kb: MAX_KB }));
      return;
    }
    if (source) URL.revokeObjectURL(source.url);
    area.current = centredSquare(checked.image);
    setSource(checked);
    setStep(2);
  };

  const upload = async () => {
    if (!source || !user) return;
    setStep(3);
    setLoading(1);
    setProblem(null);
    try {
      const png = await renderAvatar(source.image, area.current ?? centredSquare(source.image));
      const avatar = await uploadAvatar.mutateAsync(png);
      await saveProfile.mutateAsync({ avatar, email: user.email, sex: user.sex, birthday: user.birthday });
      setLoading(2);
    } catch (error) {
      setProblem(errorText(error, 'desktop:crop.errors.upload'));
      setLoading(3);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    void choose(e.dataTransfer.files[0]);
  };

  const footer =
    step === 2 ? (
      <>
        <Button onClick={() => setStep(1)}>{t('crop.another')}</Button>
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => void upload()}>
          {t('crop.upload')}
        </Button>
      </>
    ) : step === 3 && loading === 2 ? (
      <Button type="primary" onClick={onClose}>
        {t('crop.done')}
      </Button>
    ) : step === 3 && loading === 3 ? (
      <>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        <Button type="primary" onClick={() => setStep(2)}>
          {t('crop.retry')}
        </Button>
      </>
    ) : (
      <Button onClick={onClose} disabled={loading === 1}>
        {t('common:actions.cancel')}
      </Button>
    );

  return (
    <Modal open={open} title={t('crop.title')} onCancel={loading === 1 ? undefined : onClose} footer={footer} width={560} centered destroyOnHidden mask={{ closable: loading !== 1 }}>
      <div className="kd-crop" data-testid="crop-dialog" data-step={step} data-loading={loading}>
        <Steps
          size="small"
          current={step - 1}
          status={loading === 3 ? 'error' : loading === 2 ? 'finish' : 'process'}
          items={[{ title: t('crop.stepChoose') }, { title: t('crop.stepCrop') }, { title: t('crop.stepUpload') }]}
        />
        {step === 1 ? (
          <button type="button" className="kd-crop-drop" onClick={() => input.current?.click()} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
            <PictureOutlined />
            <strong>{t('crop.choose')}</strong>
            <span>{t('crop.chooseHint', { kb: MAX_KB, side: LIMITS.avatarMinSide })}</span>
          </button>
        ) : null}
        <input
          ref={input}
          type="file"
          name="avatar"
          accept={AVATAR_TYPES.join(',')}
          hidden
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {step === 2 && source ? <CropStage src={source.url} onArea={(a) => (area.current = a)} /> : null}
        {step === 3 && loading === 1 ? (
          <div className="kd-crop-status">
            <Spin size="large" />
            <p>{t('crop.uploading')}</p>
          </div>
        ) : null}
        {step === 3 && loading === 2 ? (
          <Result status="success" icon={<Avatar src={user?.avatar} name={user?.username ?? ''} size={96} />} title={t('crop.success')} />
        ) : null}
        {step === 3 && loading === 3 ? <Result status="error" title={t('crop.failed')} subTitle={problem} /> : null}
        {problem && step !== 3 ? <Alert className="kd-crop-problem" type="error" showIcon title={problem} /> : null}
      </div>
    </Modal>
  );
}
