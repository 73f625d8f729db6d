import { useTranslation } from 'react-i18next';
import { useRelativeTime } from '../../../ui/RelativeTime';
import { useOnlineDisplay } from '../../../ui/use-online-display';
import './discovery.css';

type Presence = { is_online: number; is_yin: number; last_login_time: number };

/** The green dot on an avatar when the viewer may see the member online (docs/product-rules.md §4). */
export function OnlineDot({ member }: { member: Presence }) {
  const { t } = useTranslation('mobile');
  const { online } = useOnlineDisplay(member);
  return online ? <span className="m-online-dot" role="img" aria-label={t('discovery.online')} data-testid="online-dot" /> : null;
}

/** "Online", or "Active 3 h ago" where the viewer may see it (female viewers, offline members), or nothing. */
export function PresenceText({ member }: { member: Presence }) {
  const { t } = useTranslation('mobile');
  const format = useRelativeTime();
  const { online, lastActive } = useOnlineDisplay(member);
  if (online) return <span className="m-presence is-online">{t('discovery.online')}</span>;
  if (lastActive) return <span className="m-presence" data-testid="last-active">{t('discovery.activeAgo', { time: format(lastActive) })}</span>;
  return null;
}
