import type { MemberStanding } from '@kindred/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../format';

const COLOURS: Record<MemberStanding, string> = { active: 'green', pending: 'gold', disabled: 'default', suspended: 'orange', banned: 'red' };

/** A member's standing as a tag; a suspension says until when. */
export function StandingTag({ standing, until = 0 }: { standing: MemberStanding; until?: number }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={COLOURS[standing]} data-testid="standing">
      {standing === 'suspended' && until ? t('standing.suspendedUntil', { date: formatDay(until) }) : t(`standing.${standing}`)}
    </Tag>
  );
}
