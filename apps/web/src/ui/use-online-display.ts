import { isShownOnline, showsLastActive } from '@kindred/protocol';
import { useSession } from '../state/session';

/**
 * The server already applies the online rules; the client mirrors them with the viewer's sex
 * (docs/product-rules.md §4): online dot, and last-active time only for female viewers of offline members.
 * Both interfaces use it (/w member cards, /m member rows and profiles).
 */
export function useOnlineDisplay(member: { is_online: number; is_yin: number; last_login_time: number }) {
  const viewerSex = useSession((s) => s.user?.sex) ?? 1;
  const online = isShownOnline(viewerSex, member);
  const lastActive = showsLastActive(viewerSex, member) && member.last_login_time > 0 ? member.last_login_time : 0;
  return { online, lastActive };
}
