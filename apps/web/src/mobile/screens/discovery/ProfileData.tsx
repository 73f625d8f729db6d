import { ageOn, Sex, type MemberDetailWire } from '@kindred/protocol';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../ui/countries';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { VipBadge } from '../../../ui/VipBadge';
import { formatBirthday } from '../../dates';

/** The Personal data tab: what a profile tells about its member (never the e-mail or the balance). */
export function ProfileData({ member }: { member: MemberDetailWire }) {
  const { t, i18n } = useTranslation('mobile');
  const lang = i18n.resolvedLanguage ?? 'en';
  const none = t('discovery.notGiven');
  return (
    <List className="m-card m-profile-data" data-testid="profile-data">
      <List.Item extra={member.username}>{t('common:fields.username')}</List.Item>
      <List.Item extra={t(member.sex === Sex.female ? 'common:sex.female' : 'common:sex.male')}>{t('common:fields.sex')}</List.Item>
      <List.Item extra={member.birthday ? t('common:age', { count: ageOn(member.birthday) }) : none}>{t('discovery.age')}</List.Item>
      <List.Item extra={member.birthday ? formatBirthday(member.birthday, lang) : none}>{t('common:fields.birthday')}</List.Item>
      <List.Item extra={member.country ? countryName(member.country, lang) : none}>{t('common:fields.country')}</List.Item>
      <List.Item extra={<VipBadge vip={member.vip} />}>{t('discovery.membership')}</List.Item>
      <List.Item extra={t(member.is_auth ? 'discovery.verified' : 'discovery.notVerified')}>{t('discovery.identity')}</List.Item>
      <List.Item extra={<span className="m-profile-data-text">{member.signature ? <EmoticonText text={member.signature} /> : none}</span>}>{t('common:fields.signature')}</List.Item>
    </List>
  );
}
