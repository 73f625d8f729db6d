import { CameraOutlined, CrownOutlined, EditOutlined, FileTextOutlined, IdcardOutlined, RightOutlined, ShareAltOutlined, WalletOutlined } from '@ant-design/icons';
import { ageOn } from '@kindred/protocol';
import { Button, Descriptions, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../state/session';
import { Avatar } from '../../../ui/Avatar';
import { VipBadge } from '../../../ui/VipBadge';
import { AvatarCropDialog } from '../../components/AvatarCropDialog';
import { CopyField } from '../../components/CopyField';
import { countryName } from '../../../ui/countries';
import { SignatureEditor } from '../../components/SignatureEditor';
import { MyActivity } from '../member/MyActivity';
import { ProfileCover } from '../member/ProfileCover';
import './profile.css';

function Stat({ icon, label, value, action }: { icon: ReactNode; label: string; value: ReactNode; action?: { to: string; text: string } }) {
  return (
    <div className="kd-card kd-stat">
      <span className="kd-stat-icon">{icon}</span>
      <div className="kd-stat-body">
        <span className="kd-stat-label">
          {label}
          {action ? (
            <Link to={action.to} className="kd-stat-action">
              {action.text} <RightOutlined />
            </Link>
          ) : null}
        </span>
        <strong className="kd-stat-value">{value}</strong>
      </div>
    </div>
  );
}

/** The member's own profile: avatar, membership, signature, balance and invitation link. */
export function ProfileScreen() {
  const { t, i18n } = useTranslation('desktop');
  const user = useSession((s) => s.user);
  const [cropping, setCropping] = useState(false);
  if (!user) return <Skeleton active avatar className="kd-card" />;

  const expiry = user.vip >= 2 ? user.overduedate_2 : user.vip === 1 ? user.overduedate_1 : 0;
  const expiryText = expiry ? new Date(expiry * 1000).toLocaleDateString(i18n.language) : t('profile.noExpiry');
  const birthdayText = new Date(user.birthday).toLocaleDateString(i18n.language, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
  const invitation = `${window.location.origin}/invitation/${user.invitation_code}`;
  const facts = [
    t('common:age', { count: ageOn(user.birthday) }),
    t(user.sex === 1 ? 'common:sex.male' : 'common:sex.female'),
    user.country ? countryName(user.country, i18n.language) : null,
  ].filter(Boolean);

  return (
    <div className="kd-profile">
      <section className="kd-card kd-profile-hero">
        <ProfileCover userId={user.id} />
        <div className="kd-profile-main">
          <div className="kd-profile-avatar">
            <Avatar src={user.avatar} name={user.username} size={112} />
            <Button shape="circle" icon={<CameraOutlined />} className="kd-avatar-button" onClick={() => setCropping(true)} aria-label={t('profile.changeAvatar')} data-testid="change-avatar" />
          </div>
          <div className="kd-profile-id">
            <h1>
              <span data-testid="profile-username">{user.username}</span>
              <VipBadge vip={user.vip} until={expiry || undefined} />
            </h1>
            <p className="kd-profile-facts">{facts.join(' · ')}</p>
            <SignatureEditor signature={user.signature} />
          </div>
          <Link to="/w/home/user/edit" className="kd-profile-edit">
            <Button icon={<EditOutlined />}>{t('profile.editProfile')}</Button>
          </Link>
        </div>
      </section>

      <div className="kd-stats">
        <Stat
          icon={<WalletOutlined />}
          label={t('profile.balance')}
          value={user.amount.toFixed(2)}
          action={{ to: '/w/home/pay', text: t('profile.recharge') }}
        />
        <Stat
          icon={<CrownOutlined />}
          label={t('profile.membership')}
          value={
            user.vip > 0 ? (
              <>
                {t(`common:vip.${user.vip >= 2 ? 2 : 1}`)} <span className="kd-stat-small">{t('common:vip.expires', { date: expiryText })}</span>
              </>
            ) : (
              t('profile.freeMember')
            )
          }
          action={{ to: '/w/home/upgrade', text: t('profile.upgrade') }}
        />
        <Stat icon={<FileTextOutlined />} label={t('profile.trends')} value={user.newfeedcount} />
      </div>

      <section className="kd-card kd-about">
        <h2>
          <IdcardOutlined /> {t('profile.details')}
        </h2>
        <Descriptions
          column={2}
          colon={false}
          items={[
            { key: 'email', label: t('profile.email'), children: user.email },
            { key: 'birthday', label: t('profile.birthday'), children: birthdayText },
            { key: 'gender', label: t('profile.gender'), children: t(user.sex === 1 ? 'common:sex.male' : 'common:sex.female') },
            { key: 'country', label: t('profile.country'), children: user.country ? countryName(user.country, i18n.language) : t('profile.unknown') },
          ]}
        />
      </section>

      <section className="kd-card kd-invite">
        <h2>
          <ShareAltOutlined /> {t('profile.invite')}
        </h2>
        <p>{t('profile.inviteHint')}</p>
        <CopyField name="invitation" value={invitation} />
      </section>

      <MyActivity userId={user.id} />

      <AvatarCropDialog open={cropping} onClose={() => setCropping(false)} />
    </div>
  );
}
