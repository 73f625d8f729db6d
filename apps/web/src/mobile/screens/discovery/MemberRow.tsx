import { ageOn, Sex, SUPPORT_ACCOUNT_ID, type MemberCardWire } from '@kindred/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { VipBadge } from '../../../ui/VipBadge';
import { LikeButton } from './LikeButton';
import { OnlineDot, PresenceText } from './Presence';

/** Sex symbol and age, as the pink or blue chip of every member row and profile. */
export function SexAge({ member }: { member: { sex: number; birthday: number } }) {
  const { t } = useTranslation();
  const female = member.sex === Sex.female;
  return (
    <span className={`m-sex-age ${female ? 'is-f' : 'is-m'}`}>
      <span aria-hidden="true">{female ? '♀' : '♂'}</span>
      <span className="m-sr-only">{t(female ? 'sex.female' : 'sex.male')}</span>
      {member.birthday ? t('age', { count: ageOn(member.birthday) }) : null}
    </span>
  );
}

/** One member of a list (docs/product-rules.md §2): avatar with online dot, name, badge, sex and age, presence, like. */
export function MemberRow({ member }: { member: MemberCardWire }) {
  return (
    <Link to={`/m/home/my/newsfeed/${member.id}`} className="m-member-row" data-testid="member-row" data-member-id={member.id} data-username={member.username}>
      <span className="m-member-photo">
        <Avatar src={member.avatar} name={member.username} size={56} />
        <OnlineDot member={member} />
      </span>
      <span className="m-member-main">
        <span className="m-member-title">
          <span className={member.id === SUPPORT_ACCOUNT_ID ? 'm-member-name k-support-name' : 'm-member-name'} data-testid="member-name">
            {member.username}
          </span>
          <VipBadge vip={member.vip} />
        </span>
        <span className="m-member-facts">
          <SexAge member={member} />
          <PresenceText member={member} />
        </span>
        {member.signature ? <EmoticonText className="m-member-signature" text={member.signature} /> : null}
      </span>
      <LikeButton member={member} compact />
    </Link>
  );
}
