import { ageOn } from '@kindred/protocol';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../ui/countries';

/** "34 years · France": age from the birthday (ms) and the country in the member's language. */
export function MemberFacts({ member, className = 'kd-member-facts' }: { member: { birthday: number; country: string }; className?: string }) {
  const { t, i18n } = useTranslation();
  const facts = [member.birthday ? t('age', { count: ageOn(member.birthday) }) : null, member.country ? countryName(member.country, i18n.language) : null].filter(Boolean);
  return facts.length ? <span className={className}>{facts.join(' · ')}</span> : null;
}
