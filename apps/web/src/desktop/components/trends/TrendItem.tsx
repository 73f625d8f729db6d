import { DeleteOutlined } from '@ant-design/icons';
import type { TrendWire } from '@kindred/protocol';
import { App, Button, Image, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { useDeleteTrendMutation } from '../../../api/trends';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';
import { MemberName } from '../members/MemberName';

const EVENTS: Partial<Record<TrendWire['type'], string>> = { 0: 'trends.joined', 2: 'trends.avatarChanged', 3: 'trends.profileEdited' };

/** One newsfeed item: author, badge, relative time, text with emoticons, image; delete on your own (mine 1). */
export function TrendItem({ trend }: { trend: TrendWire }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const remove = useDeleteTrendMutation();
  const event = EVENTS[trend.type];
  const onDelete = () =>
    remove.mutateAsync(trend.id).then(
      () => void message.success(t('trends.deleted')),
      (error: unknown) => void message.error(errorText(error)),
    );
  return (
    <article className="kd-trend" data-testid="trend-item" data-trend-id={trend.id}>
      <Link to={`/w/home/user/detail/${trend.mid}`} className="kd-trend-avatar" aria-label={trend.username}>
        <Avatar src={trend.avatar} name={trend.username} size={44} />
      </Link>
      <div className="kd-trend-body">
        <header className="kd-trend-head">
          <MemberName member={{ id: trend.mid, username: trend.username, vip: trend.vip }} />
          {event ? <span className="kd-trend-event">{t(event)}</span> : null}
          <span className="kd-trend-time">
            <RelativeTime seconds={trend.create_time} />
          </span>
          {trend.mine === 1 ? (
            <Popconfirm title={t('trends.deleteConfirm')} okText={t('trends.delete')} okButtonProps={{ danger: true }} onConfirm={onDelete}>
              <Button type="text" size="small" className="kd-trend-delete" icon={<DeleteOutlined />} aria-label={t('trends.delete')} data-testid="trend-delete" />
            </Popconfirm>
          ) : null}
        </header>
        {trend.content ? (
          <p className="kd-trend-text">
            <EmoticonText text={trend.content} />
          </p>
        ) : null}
        {trend.img ? <Image className="kd-trend-image" src={trend.img} alt={t('trends.image')} width={280} /> : null}
      </div>
    </article>
  );
}
