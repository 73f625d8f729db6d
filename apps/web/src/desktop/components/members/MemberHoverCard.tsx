import { TIMINGS, type MemberCardWire } from '@kindred/protocol';
import { Popover } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { FollowButton } from './FollowButton';
import { MemberFacts } from './MemberFacts';
import { MemberName } from './MemberName';
import { OnlineDot, OnlineText } from './OnlineStatus';

function HoverCardBody({ member }: { member: MemberCardWire }) {
  const { t } = useTranslation('desktop');
  return (
    <div className="kd-hover-card" data-testid="hover-card">
      <div className="kd-hover-head">
        <Link to={`/w/home/user/detail/${member.id}`} className="kd-member-photo">
          <Avatar src={member.avatar} name={member.username} size={64} />
          <OnlineDot member={member} />
        </Link>
        <div className="kd-hover-id">
          <MemberName member={member} />
          <MemberFacts member={member} />
          <OnlineText member={member} />
        </div>
      </div>
      <p className={member.signature ? 'kd-hover-signature' : 'kd-hover-signature is-empty'}>
        {member.signature ? <EmoticonText text={member.signature} /> : t('members.signatureEmpty')}
      </p>
      <div className="kd-hover-actions">
        <FollowButton member={member} />
        <Link to={`/w/home/user/detail/${member.id}`}>{t('members.viewProfile')}</Link>
      </div>
    </div>
  );
}

/** A member's card shown after hovering 500 ms (docs/product-rules.md §9), 350 px wide. */
export function MemberHoverCard({ member, children }: { member: MemberCardWire; children: ReactNode }) {
  return (
    <Popover
      content={<HoverCardBody member={member} />}
      mouseEnterDelay={TIMINGS.hoverCardMs / 1000}
      placement="left"
      arrow={false}
      styles={{ root: { width: 350 } }}
      destroyOnHidden
    >
      {children}
    </Popover>
  );
}
