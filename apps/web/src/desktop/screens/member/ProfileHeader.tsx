import { FlagOutlined, GiftOutlined, MessageOutlined, PictureOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import type { MemberDetailWire } from '@kindred/protocol';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { BannerArt } from '../../../ui/BannerArt';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { useOpenChatWindow } from '../../chat/use-open-chat-window';
import { useChatWindows } from '../../chat/window-store';
import { FollowButton } from '../../components/members/FollowButton';
import { BlockButton } from '../blocking/BlockButton';
import { MemberFacts } from '../../components/members/MemberFacts';
import { MemberName } from '../../components/members/MemberName';
import { OnlineDot, OnlineText } from '../../components/members/OnlineStatus';
import { SendGiftDialog } from '../gifts/SendGiftDialog';
import { ReportDialog } from '../reports/ReportDialog';

/** Background photo, avatar, name, badge, facts, signature, counts and the buttons of docs/product-rules.md §2. */
export function ProfileHeader({ member }: { member: MemberDetailWire }) {
  const { t } = useTranslation('desktop');
  const [gifting, setGifting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const openChat = useOpenChatWindow();
  const navigate = useNavigate();
  const cover = member.backphotos[0]?.img;
  return (
    <section className="kd-card kd-detail-hero">
      <div className="kd-detail-cover" style={cover ? { backgroundImage: `url("${encodeURI(cover)}")` } : undefined} data-testid="detail-cover">
        {cover ? null : <BannerArt className="kd-cover-art" />}
      </div>
      <div className="kd-detail-main">
        <div className="kd-detail-avatar kd-member-photo">
          <Avatar src={member.avatar} name={member.username} size={112} />
          <OnlineDot member={member} />
        </div>
        <div className="kd-detail-id">
          <h1>
            <MemberName member={member} link={false} />
            {member.is_auth ? (
              <Tooltip title={t('detail.verified')}>
                <SafetyCertificateFilled className="kd-verified" aria-label={t('detail.verified')} />
              </Tooltip>
            ) : null}
          </h1>
          <p className="kd-detail-facts">
            <MemberFacts member={member} className="" />
            <OnlineText member={member} />
          </p>
          <p className={member.signature ? 'kd-detail-signature' : 'kd-detail-signature is-empty'}>
            {member.signature ? <EmoticonText text={member.signature} /> : t('members.signatureEmpty')}
          </p>
          <p className="kd-detail-counts">
            <strong data-testid="like-count">{t('detail.followers', { count: member.likecount })}</strong>
            <span>{t('detail.posts', { count: member.newfeedcount })}</span>
          </p>
        </div>
      </div>
      <div className="kd-detail-actions">
        <Button type="primary" size="large" icon={<MessageOutlined />} onClick={() => openChat(member.id, 'member', { username: member.username, avatar: member.avatar })} data-testid="detail-message">
          {t('detail.message')}
        </Button>
        <FollowButton member={member} size="large" />
        <Button size="large" icon={<GiftOutlined />} onClick={() => setGifting(true)} data-testid="detail-gift">
          {t('detail.gift')}
        </Button>
        <Link to={`/w/home/photo/${member.id}`}>
          <Button size="large" icon={<PictureOutlined />} data-testid="detail-photos">
            {t('detail.photos')}
          </Button>
        </Link>
        <span className="kd-grow" />
        <BlockButton member={member} size="large" onBlocked={() => {
            useChatWindows.getState().close(member.id);
            navigate('/w/home/index', { replace: true });
          }} />
        <Button size="large" type="text" icon={<FlagOutlined />} onClick={() => setReporting(true)} data-testid="detail-report">
          {t('detail.report')}
        </Button>
      </div>
      {reporting ? <ReportDialog member={member} onClose={() => setReporting(false)} /> : null}
      {gifting ? <SendGiftDialog target={{ username: member.username }} onClose={() => setGifting(false)} /> : null}
    </section>
  );
}
