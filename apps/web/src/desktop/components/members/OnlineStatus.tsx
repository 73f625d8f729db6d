import { useTranslation } from 'react-i18next';
import { useRelativeTime } from '../../../ui/RelativeTime';
import { useOnlineDisplay } from '../../../ui/use-online-display';

type Presence = { is_online: number; is_yin: number; last_login_time: number };

/** The green dot on an avatar when the member is shown online. */
export function OnlineDot({ member }: { member: Presence }) {
  const { t } = useTranslation('desktop');
  const { online } = useOnlineDisplay(member);
  return online ? <span className="kd-online-dot" role="img" aria-label={t('members.online')} data-testid="online-dot" /> : null;
}

/** "Online", or "Active 3 h ago" where the viewer may see it, or nothing. */
export function OnlineText({ member }: { member: Presence }) {
  const { t } = useTranslation('desktop');
  const format = useRelativeTime();
  const { online, lastActive } = useOnlineDisplay(member);
  if (online) return <span className="kd-presence is-online">{t('members.online')}</span>;
  if (lastActive) return <span className="kd-presence" data-testid="last-active">{t('members.activeAgo', { time: format(lastActive) })}</span>;
  return null;
}
