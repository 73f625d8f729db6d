import { BellOutlined, GiftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { LIMITS, NoticeStatus, type NoticeWire } from '@kindred/protocol';
import { Badge, Button, Dropdown, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReadNoticeMutation, useUnreadNoticesQuery } from '../../api/notices';
import { EmoticonText } from '../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../ui/RelativeTime';

function NoticeItem({ notice, onRead }: { notice: NoticeWire; onRead: (id: number) => void }) {
  const { t } = useTranslation('desktop');
  const isGift = notice.type === 'gift';
  return (
    <li data-testid="notice-item" data-type={notice.type}>
      <button type="button" className="kd-notice" onClick={() => onRead(notice.id)} title={t('notices.markRead')}>
        <span className={`kd-notice-icon ${isGift ? 'is-gift' : 'is-report'}`}>
          {isGift && notice.gift?.path ? <img src={notice.gift.path} alt="" /> : isGift ? <GiftOutlined /> : <SafetyCertificateOutlined />}
        </span>
        <span className="kd-notice-body">
          <strong>{isGift ? t('notices.gift', { name: notice.gift?.givername ?? '' }) : t('notices.report')}</strong>
          {isGift ? notice.content && <span><EmoticonText text={notice.content} /></span> : (notice.result || notice.content) && <span>{notice.result || notice.content}</span>}
          <small>
            <RelativeTime seconds={notice.create_time} />
          </small>
        </span>
      </button>
    </li>
  );
}

/** Unread gift and report notices (up to 5); opening one marks it read. */
export function NoticeBell() {
  const { t } = useTranslation('desktop');
  const { data, isLoading } = useUnreadNoticesQuery();
  const readNotice = useReadNoticeMutation();
  const navigate = useNavigate();
  const notices = (data?.data ?? []).filter((n) => n.status === NoticeStatus.unread).slice(0, LIMITS.noticeDropdownSize);
  const unread = data?.unread ?? 0;

  const panel = (
    <div className="kd-popover kd-notice-panel">
      <header>
        {t('notices.title')}
        {unread > 0 ? <Badge count={unread} overflowCount={LIMITS.unreadBadgeCap} /> : null}
      </header>
      {isLoading ? (
        <div className="kd-popover-empty">
          <Spin size="small" />
        </div>
      ) : notices.length === 0 ? (
        <Empty className="kd-popover-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
      ) : (
        <ul>
          {notices.map((n) => (
            <NoticeItem
              key={n.id}
              notice={n}
              onRead={(id) => {
                readNotice.mutate(id);
                // A gift notice opens the received gifts, where the gift now is.
                if (n.type === 'gift') navigate('/w/home/store/mine');
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Dropdown trigger={['click']} placement="bottomRight" popupRender={() => panel}>
      <Button type="text" className="kd-header-button" data-testid="notice-bell" aria-label={t('notices.title')}>
        <Badge count={unread} overflowCount={LIMITS.unreadBadgeCap} size="small">
          <BellOutlined className="kd-bell-icon" />
        </Badge>
      </Button>
    </Dropdown>
  );
}
