import { DownOutlined, EditOutlined, EyeOutlined, FlagOutlined, LogoutOutlined, MailOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Sex } from '@kindred/protocol';
import { App, Dropdown, Switch } from 'antd';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../api/auth';
import { useVisibilitySwitch } from '../../chat/use-visibility-switch';
import { useSession } from '../../state/session';
import { Avatar } from '../../ui/Avatar';

const LINKS = {
  profile: '/w/home/user/index',
  edit: '/w/home/user/edit',
  general: '/w/home/user/general',
  mail: '/w/home/message',
  reports: '/w/home/user/reports',
} as const;

/** The member's avatar and name, opening profile, edit, settings, mail and sign out; women also get the online / invisible switch. */
export function UserMenu() {
  const { t } = useTranslation('desktop');
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  const { message } = App.useApp();
  const visibility = useVisibilitySwitch({
    changed: (visible) => void message.success(t(visible ? 'nav.visibilityOn' : 'nav.visibilityOff')),
    failed: (text) => void message.error(text),
  });
  const woman = user?.sex === Sex.female;
  // Controlled, so choosing the switch keeps the menu open and the member sees it move (issue 13).
  const [open, setOpen] = useState(false);

  // mutateAsync: clearing the session unmounts this menu before per-call callbacks would run.
  const signOut = () => void logout.mutateAsync().finally(() => navigate('/w/login', { replace: true }));

  const visibilityItems: MenuProps['items'] = [
    { type: 'divider' },
    {
      key: 'visibility',
      icon: <EyeOutlined />,
      label: (
        <span className="kd-user-visibility">
          {t('nav.visibility')}
          <Switch size="small" checked={visibility.visible} loading={visibility.pending} aria-label={t('nav.visibility')} data-testid="invisible-switch" />
        </span>
      ),
    },
  ];

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={(next, info) => {
        if (next || info.source === 'trigger') setOpen(next);
      }}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('nav.profile') },
          { key: 'edit', icon: <EditOutlined />, label: t('nav.edit') },
          { key: 'general', icon: <SettingOutlined />, label: t('nav.general') },
          { key: 'mail', icon: <MailOutlined />, label: t('nav.mail') },
          { key: 'reports', icon: <FlagOutlined />, label: t('reports.listTitle') },
          ...(woman ? visibilityItems : []),
          { type: 'divider' },
          { key: 'signOut', icon: <LogoutOutlined />, label: t('nav.signOut'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'visibility') return void (visibility.pending || visibility.toggle(!visibility.visible));
          setOpen(false);
          if (key === 'signOut') return signOut();
          navigate(LINKS[key as keyof typeof LINKS]);
        },
      }}
    >
      <button type="button" className="kd-user-trigger" data-testid="user-menu" aria-label={`${user?.username ?? ''}, ${t('nav.account')}`}>
        {/* The name is written beside it: the picture adds nothing to the button's name. */}
        <span aria-hidden="true">
          <Avatar src={user?.avatar} name={user?.username ?? ''} size={32} />
        </span>
        <span className="kd-user-name">{user?.username}</span>
        <DownOutlined className="kd-user-caret" />
      </button>
    </Dropdown>
  );
}
