import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { Link } from 'react-router';
import { VipBadge } from '../../../ui/VipBadge';

/** A member's name linking to their profile, with the membership badge. */
export function MemberName({ member, link = true }: { member: { id: number; username: string; vip: number }; link?: boolean }) {
  const nameClass = member.id === SUPPORT_ACCOUNT_ID ? 'kd-member-name k-support-name' : 'kd-member-name';
  return (
    <span className="kd-member-title">
      {link ? (
        <Link to={`/w/home/user/detail/${member.id}`} className={nameClass}>
          {member.username}
        </Link>
      ) : (
        <span className={nameClass}>{member.username}</span>
      )}
      <VipBadge vip={member.vip} />
    </span>
  );
}
