import type { MemberCardWire } from '@kindred/protocol';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberCard } from './MemberCard';

/** Cards in a responsive grid; skeletons while the first page loads, a calm empty state after. */
export function MemberGrid({ members, loading, emptyText }: { members: MemberCardWire[]; loading?: boolean; emptyText?: string }) {
  const { t } = useTranslation('desktop');
  if (loading)
    return (
      <div className="kd-member-grid" aria-busy="true">
        {Array.from({ length: 10 }, (_, i) => (
          <div key={i} className="kd-card kd-member-card">
            <Skeleton.Avatar active size={96} />
            <Skeleton active title={false} paragraph={{ rows: 2, width: ['80%', '60%'] }} />
          </div>
        ))}
      </div>
    );
  if (!members.length) return <Empty className="kd-card kd-empty" description={emptyText ?? t('members.empty')} />;
  return (
    <div className="kd-member-grid">
      {members.map((m) => (
        <MemberCard key={m.id} member={m} />
      ))}
    </div>
  );
}
