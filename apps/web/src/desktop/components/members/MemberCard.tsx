import { GiftOutlined, MessageOutlined } from '@ant-design/icons';
import type { MemberCardWire } from '@kindred/protocol';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { useOpenChatWindow } from '../../chat/use-open-chat-window';
import { SendGiftDialog } from '../../screens/gifts/SendGiftDialog';
import { FollowButton } from './FollowButton';
import { MemberFacts } from './MemberFacts';
import { MemberName } from './MemberName';
import { OnlineDot, OnlineText } from './OnlineStatus';

/** One member in a grid (docs/product-rules.md §2): avatar, name, badge, presence, follow, chat and gift. */
export function MemberCard({ member }: { member: MemberCardWire }) {
  const { t } = useTranslation('desktop');
  const [gifting, setGifting] = useState(false);
  const openChat = useOpenChatWindow();
  return (
    <article className="kd-card kd-member-card" data-testid="member-card" data-member-id={member.id}>
      <Link to={`/w/home/user/detail/${member.id}`} className="kd-member-photo" aria-label={member.username}>
        <Avatar src={member.avatar} name={member.username} size={96} />
        <OnlineDot member={member} />
      </Link>
      <MemberName member={member} />
      <MemberFacts member={member} />
      <span className="kd-member-presence">
        <OnlineText member={member} />
      </span>
      <div className="kd-member-actions">
        <FollowButton member={member} size="small" />
        <Tooltip title={t('members.chat')}>
          <Button size="small" shape="circle" icon={<MessageOutlined />} aria-label={t('members.chat')} onClick={() => openChat(member.id, 'member', { username: member.username, avatar: member.avatar })} data-testid="member-chat" />
        </Tooltip>
        <Tooltip title={t('members.gift')}>
          <Button size="small" shape="circle" icon={<GiftOutlined />} aria-label={t('members.gift')} onClick={() => setGifting(true)} data-testid="member-gift" />
        </Tooltip>
      </div>
      {gifting ? <SendGiftDialog target={{ username: member.username }} onClose={() => setGifting(false)} /> : null}
    </article>
  );
}
