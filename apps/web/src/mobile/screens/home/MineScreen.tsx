import { ageOn, Sex } from '@kindred/protocol';
import { Button, List, Switch } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogoutMutation } from '../../../api/auth';
import { useSession } from '../../../state/session';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { VipBadge } from '../../../ui/VipBadge';
import { MenuIcon, type Tone } from '../../components/MenuIcon';
import { CoinIcon, CrownIcon, EyeIcon, EyeOffIcon, FlagIcon, GiftIcon, HeadsetIcon, PictureIcon, SettingsIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { useTitle } from '../../use-title';
import { useSingleFlight } from '../../use-single-flight';
import { useVisibilitySwitch } from '../../../chat/use-visibility-switch';
import { GiftNotices } from '../gifts/GiftNotices';

/** /m/home/my/index: the member's own card, balance, menu, the women's visibility switch and sign-out. */
export function MineScreen() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const visibility = useVisibilitySwitch({
    changed: (visible) => toastSuccess(t(visible ? 'mine.visibilityOn' : 'mine.visibilityOff')),
    failed: toastFail,
  });
  const logout = useLogoutMutation();
  useTitle(t('titles.mine'));

  // Live (opt 9) when the chat is connected, else the HTTP call; the switch follows the session's is_yin.
  const toggleVisibility = useSingleFlight(visibility.toggle);

  const signOut = useSingleFlight(async () => {
    await logout.mutateAsync();
    navigate('/m/login', { replace: true });
  });

  if (!user) return null;

  const until = user.vip >= 2 ? user.overduedate_2 : user.vip === 1 ? user.overduedate_1 : undefined;
  const visible = visibility.visible;
  const menu: { key: string; to: string; icon: ReactElement; tone: Tone }[] = [
    { key: 'recharge', to: '/m/home/invest/index', icon: <CoinIcon />, tone: 'gold' },
    { key: 'upgrade', to: '/m/home/upgrade/index', icon: <CrownIcon />, tone: 'violet' },
    { key: 'gifts', to: '/m/home/gift/list', icon: <GiftIcon />, tone: 'pink' },
    { key: 'albums', to: `/m/home/my/newsfeed/${user.id}?type=2`, icon: <PictureIcon />, tone: 'blue' },
    { key: 'service', to: '/m/home/chat/service', icon: <HeadsetIcon />, tone: 'green' },
    { key: 'reports', to: '/m/reportList', icon: <FlagIcon />, tone: 'orange' },
  ];

  return (
    <div className="m-mine">
      <header className="m-mine-hero">
        <Link to="/m/home/my/setup/index" className="m-mine-settings" aria-label={t('mine.settings')} data-testid="mine-settings">
          <SettingsIcon />
        </Link>
        <Link to="/m/home/my/setup/index" className="m-mine-avatar">
          <Avatar src={user.avatar} name={user.username} size={84} />
        </Link>
        <h1 className="m-mine-name" data-testid="mine-username">
          {user.username}
        </h1>
        <div className="m-mine-meta">
          <span className={`m-sex m-sex-${user.sex === Sex.female ? 'f' : 'm'}`}>
            <span aria-hidden="true">{user.sex === Sex.female ? '♀' : '♂'}</span>
            <span className="m-sr-only">{t(user.sex === Sex.female ? 'common:sex.female' : 'common:sex.male')}</span>
            {t('mine.age', { count: ageOn(user.birthday) })}
          </span>
          <span data-testid="mine-badge">
            <VipBadge vip={user.vip} until={until} />
          </span>
        </div>
        {user.signature ? (
          <p className="m-mine-signature" data-testid="mine-signature">
            <EmoticonText text={user.signature} />
          </p>
        ) : null}
      </header>

      <section className="m-mine-stats">
        <Link to={`/m/home/my/newsfeed/${user.id}?type=1`} className="m-stat">
          <strong>{user.newfeedcount}</strong>
          <span>{t('mine.newsfeed')}</span>
        </Link>
        <Link to="/m/home/invest/index" className="m-stat">
          <strong data-testid="mine-balance">{user.amount.toFixed(2)}</strong>
          <span>{t('mine.balance')}</span>
        </Link>
      </section>

      <GiftNotices />

      {user.sex === Sex.female ? (
        <List className="m-card">
          <List.Item
            prefix={<MenuIcon tone="pink">{visible ? <EyeIcon /> : <EyeOffIcon />}</MenuIcon>}
            description={t(visible ? 'mine.visibilityOn' : 'mine.visibilityOff')}
            extra={
              <Switch
                checked={visible}
                loading={visibility.pending}
                onChange={toggleVisibility}
                aria-label={t('mine.visibility')}
                data-testid="invisible-switch"
              />
            }
          >
            {t('mine.visibility')}
          </List.Item>
        </List>
      ) : null}

      <List className="m-card m-menu">
        {menu.map((item) => (
          <List.Item key={item.key} prefix={<MenuIcon tone={item.tone}>{item.icon}</MenuIcon>} onClick={() => navigate(item.to)} data-testid={`mine-${item.key}`}>
            {t(`mine.${item.key}`)}
          </List.Item>
        ))}
      </List>
      <List className="m-card m-menu">
        <List.Item prefix={<MenuIcon tone="grey"><SettingsIcon /></MenuIcon>} onClick={() => navigate('/m/home/my/setup/index')} data-testid="mine-setup">
          {t('mine.settings')}
        </List.Item>
      </List>

      <div className="m-actions">
        <Button className="m-signout" block onClick={signOut} loading={logout.isPending} data-testid="mine-signout">
          {t('mine.signOut')}
        </Button>
      </div>
    </div>
  );
}
