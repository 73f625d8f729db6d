import { LIMITS, type Language } from '@kindred/protocol';
import { ActionSheet, Button, List } from 'antd-mobile';
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../../api/auth';
import { LANGUAGE_NAMES } from '../../../i18n';
import { useSession } from '../../../state/session';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { AVATAR_TYPES, checkAvatarFile } from '../../../ui/avatar-crop';
import { MenuIcon } from '../../components/MenuIcon';
import { AccountDataSection } from './AccountDataSection';
import { SubPage } from '../../components/SubPage';
import { CameraIcon, GlobeIcon, IdIcon, KeyIcon, PenIcon } from '../../icons';
import { toastFail } from '../../toast';
import { BlockIcon } from '../blocking/BlockIcon';
import { useSingleFlight } from '../../use-single-flight';
import '../../setup.css';

// react-easy-crop comes only when a photo was chosen.
const AvatarCropPopup = lazy(() => import('./AvatarCropPopup'));

interface Chosen {
  url: string;
  image: HTMLImageElement;
}

/** /m/home/my/setup/index: avatar (choose from album, crop, upload), links to the other settings, sign out. */
export default function SetupScreen() {
  const { t, i18n } = useTranslation('mobile');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const logout = useLogoutMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [sheet, setSheet] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const checked = await checkAvatarFile(file);
    if ('problem' in checked) {
      const text = {
        format: t('setup.badFormat'),
        size: t('setup.tooLarge', { kb: LIMITS.avatarMaxBytes / 1024 }),
        small: t('setup.tooSmall', { side: LIMITS.avatarMinSide }),
      }[checked.problem];
      return toastFail(text);
    }
    setChosen(checked);
  };

  const closeCrop = () => {
    if (chosen) URL.revokeObjectURL(chosen.url);
    setChosen(null);
  };

  const signOut = useSingleFlight(async () => {
    await logout.mutateAsync();
    navigate('/m/login', { replace: true });
  });

  if (!user) return null;

  const language = LANGUAGE_NAMES[(i18n.resolvedLanguage ?? 'en') as Language];
  return (
    <SubPage title={t('titles.setup')} back="/m/home/my/index">
      <List className="m-card m-setup-list">
        <List.Item className="m-setup-avatar" prefix={<MenuIcon tone="pink"><CameraIcon /></MenuIcon>} onClick={() => setSheet(true)} extra={<Avatar src={user.avatar} name={user.username} size={52} />} data-testid="setup-avatar">
          {t('setup.avatar')}
        </List.Item>
        <List.Item prefix={<MenuIcon tone="blue"><IdIcon /></MenuIcon>} onClick={() => navigate('/m/home/my/setup/data')} data-testid="setup-data">
          {t('setup.data')}
        </List.Item>
        <List.Item prefix={<MenuIcon tone="violet"><PenIcon /></MenuIcon>} onClick={() => navigate('/m/home/my/setup/changesignature')} extra={<span className="m-setup-extra" data-testid="setup-signature-text">{user.signature ? <EmoticonText text={user.signature} /> : t('setup.notSet')}</span>} data-testid="setup-signature">
          {t('setup.signature')}
        </List.Item>
        <List.Item prefix={<MenuIcon tone="green"><GlobeIcon /></MenuIcon>} onClick={() => navigate('/m/home/my/setup/lang')} extra={language} data-testid="setup-lang">
          {t('setup.language')}
        </List.Item>
        <List.Item prefix={<MenuIcon tone="orange"><KeyIcon /></MenuIcon>} onClick={() => navigate('/m/home/my/setup/changepwd')} data-testid="setup-password">
          {t('setup.password')}
        </List.Item>
        <List.Item prefix={<MenuIcon tone="grey"><BlockIcon /></MenuIcon>} onClick={() => navigate('/m/home/my/setup/blocked')} data-testid="setup-blocked">
          {t('blocking.listTitle')}
        </List.Item>
      </List>
      <AccountDataSection />
      <div className="m-actions">
        <Button className="m-signout" block onClick={signOut} loading={logout.isPending} data-testid="setup-signout">
          {t('common:actions.signOut')}
        </Button>
      </div>

      <input ref={fileInput} type="file" name="avatar" accept={AVATAR_TYPES.join(',')} hidden onChange={onFile} data-testid="avatar-file" />
      <ActionSheet
        visible={sheet}
        onClose={() => setSheet(false)}
        cancelText={t('common:actions.cancel')}
        closeOnAction
        actions={[{ key: 'album', text: t('setup.chooseFromAlbum'), onClick: () => fileInput.current?.click() }]}
      />
      {chosen ? (
        <Suspense fallback={null}>
          <AvatarCropPopup image={chosen.image} url={chosen.url} onClose={closeCrop} />
        </Suspense>
      ) : null}
    </SubPage>
  );
}
