import type { TrendWire } from '@kindred/protocol';
import { Image, ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { useDeleteTrendMutation } from '../../../api/trends';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';
import { VipBadge } from '../../../ui/VipBadge';
import { ChatIcon, TrashIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import { useStartChat } from '../chat/use-start-chat';
import { useConfirmDelete } from './use-confirm-delete';

/** Server-written events (docs/product-rules.md §3): joined, avatar changed, profile edited. */
const EVENTS: Partial<Record<TrendWire['type'], string>> = { 0: 'discovery.eventJoined', 2: 'discovery.eventAvatar', 3: 'discovery.eventProfile' };

/** One newsfeed item: author, badge, relative time, text with emoticons, image; delete on your own (mine 1). */
export function TrendItem({ trend }: { trend: TrendWire }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const remove = useDeleteTrendMutation();
  const confirm = useConfirmDelete();
  const startChat = useStartChat('trend');
  const event = EVENTS[trend.type];
  const profile = `/m/home/my/newsfeed/${trend.mid}`;

  const onDelete = async () => {
    const sure = await confirm(t('discovery.trendDeleteConfirm'));
    if (!sure) return;
    remove.mutate(trend.id, {
      onSuccess: () => toastSuccess(t('discovery.trendDeleted')),
      onError: (error) => toastFail(errorText(error)),
    });
  };

  return (
    <article className="m-trend" data-testid="trend-item" data-trend-id={trend.id}>
      <Link to={profile} className="m-trend-avatar" aria-label={trend.username}>
        <Avatar src={trend.avatar} name={trend.username} size={44} />
      </Link>
      <div className="m-trend-body">
        <header className="m-trend-head">
          <Link to={profile} className="m-trend-name">
            {trend.username}
          </Link>
          <VipBadge vip={trend.vip} />
          <span className="m-trend-time">
            <RelativeTime seconds={trend.create_time} />
          </span>
        </header>
        {event ? <p className="m-trend-event">{t(event)}</p> : null}
        {trend.content ? (
          <p className="m-trend-text" data-testid="trend-text">
            <EmoticonText text={trend.content} />
          </p>
        ) : null}
        {trend.img ? (
          <Image
            className="m-trend-image"
            src={trend.img}
            alt=""
            fit="cover"
            lazy
            onClick={() => ImageViewer.show({ image: trend.img })}
            data-testid="trend-image"
          />
        ) : null}
        <footer className="m-trend-foot">
          {trend.mine === 1 ? (
            <button type="button" className="m-trend-action" onClick={() => void onDelete()} disabled={remove.isPending} data-testid="trend-delete">
              <TrashIcon aria-hidden="true" />
              {t('discovery.delete')}
            </button>
          ) : (
            <button type="button" className="m-trend-action" onClick={() => startChat(trend.mid)} data-testid="trend-chat">
              <ChatIcon aria-hidden="true" />
              {t('discovery.chat')}
            </button>
          )}
        </footer>
      </div>
    </article>
  );
}
