import type { MemberDetailWire } from '@kindred/protocol';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { VipBadge } from '../../../ui/VipBadge';
import { ChatIcon, FlagIcon } from '../../icons';
import { useStartChat } from '../chat/use-start-chat';
import { LikeButton } from './LikeButton';
import { SexAge } from './MemberRow';
import { OnlineDot, PresenceText } from './Presence';

/** Avatar, name, badge, sex and age, presence, signature, counts; like, chat and report on another member's profile. */
export function ProfileIdentity({ member, own }: { member: MemberDetailWire; own: boolean }) {
  const { t } = useTranslation('mobile');
  const startChat = useStartChat('profile');
  const report = `/m/report?${new URLSearchParams({ userid: String(member.id), username: member.username })}`;
  return (
    <section className="m-card m-profile-card">
      <div className="m-profile-top">
        <span className="m-profile-avatar">
          <Avatar src={member.avatar} name={member.username} size={76} />
          <OnlineDot member={member} />
        </span>
        <div className="m-profile-counts">
          <span>
            <strong data-testid="like-count">{member.likecount}</strong>
            {t('discovery.followers')}
          </span>
          <span>
            <strong>{member.newfeedcount}</strong>
            {t('discovery.moments')}
          </span>
        </div>
      </div>
      <h2 className="m-profile-name">
        <span data-testid="profile-name">{member.username}</span>
        <VipBadge vip={member.vip} />
      </h2>
      <p className="m-profile-facts">
        <SexAge member={member} />
        <PresenceText member={member} />
      </p>
      <p className={member.signature ? 'm-profile-signature' : 'm-profile-signature is-empty'}>
        {member.signature ? <EmoticonText text={member.signature} /> : t('discovery.noSignature')}
      </p>
      {own ? null : (
        <div className="m-profile-actions">
          <LikeButton member={member} />
          <Button className="m-profile-chat" shape="rounded" color="primary" fill="outline" onClick={() => startChat(member.id)} data-testid="profile-chat">
            <ChatIcon aria-hidden="true" />
            <span>{t('discovery.chat')}</span>
          </Button>
          <Link to={report} className="m-profile-report" data-testid="profile-report">
            <FlagIcon aria-hidden="true" />
            {t('discovery.report')}
          </Link>
        </div>
      )}
    </section>
  );
}
