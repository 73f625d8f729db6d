import { LIMITS, NoticeStatus } from '@kindred/protocol';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReadNoticeMutation, useUnreadNoticesQuery } from '../../../api/notices';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import './gifts.css';

/** The Mine page's unread gift notices (live through socket kind 11); opening one marks it read and shows the received gifts. */
export function GiftNotices() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const { data } = useUnreadNoticesQuery();
  const read = useReadNoticeMutation();
  const notices = (data?.data ?? []).filter((n) => n.type === 'gift' && n.status === NoticeStatus.unread).slice(0, LIMITS.noticeDropdownSize);
  if (!notices.length) return null;
  return (
    <List className="m-card m-gift-notices" header={t('gifts.newGifts')} data-testid="gift-notices">
      {notices.map((n) => (
        <List.Item
          key={n.id}
          prefix={n.gift?.path ? <img src={n.gift.path} alt="" width={36} height={36} /> : null}
          description={n.content ? <EmoticonText text={n.content} /> : undefined}
          onClick={() => {
            read.mutate(n.id);
            navigate('/m/home/gift/listbox');
          }}
          data-testid="gift-notice"
        >
          {t('gifts.noticeFrom', { name: n.gift?.givername ?? '' })}
        </List.Item>
      ))}
    </List>
  );
}
