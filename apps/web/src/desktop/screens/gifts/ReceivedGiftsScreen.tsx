import { Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flattenReceived, useGiftIndex, useGiftText, useReceivedGiftsQuery } from '../../../api/gifts';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';
import './gifts.css';

/** /w/home/store/mine: the gifts the member received, newest first, with who sent them. */
export function ReceivedGiftsScreen() {
  const { t } = useTranslation('desktop');
  const text = useGiftText();
  const { byId } = useGiftIndex();
  const query = useReceivedGiftsQuery();
  const rows = flattenReceived(query.data);

  if (query.isLoading) return <Spin className="kd-gift-state" />;
  if (query.isError)
    return (
      <div className="kd-card">
        <Empty className="kd-gift-state" description={t('gifts.loadFailed')}>
          <Button onClick={() => void query.refetch()}>{t('gifts.retry')}</Button>
        </Empty>
      </div>
    );
  return (
    <div className="kd-card kd-store" data-testid="gift-received">
      {rows.length === 0 ? (
        <Empty className="kd-gift-state" description={t('gifts.empty')}>
          <Link to="/w/home/store/index">{t('gifts.openStore')}</Link>
        </Empty>
      ) : (
        <ul className="kd-gift-received">
          {rows.map((r) => {
            const gift = byId.get(r.gid);
            return (
              <li key={r.id} data-testid="gift-received-item" data-gift-id={r.gid}>
                <img src={r.path} alt="" width={72} height={72} />
                <div className="kd-gift-received-body">
                  <strong>{gift ? text.title(gift) : t('common:chat.gift')}</strong>
                  <span className="kd-gift-received-from">
                    <Avatar src={r.giver_avatar} name={r.givername} size={20} />
                    <Link to={`/w/home/user/detail/${r.giver_id}`}>{t('gifts.from', { name: r.givername })}</Link>
                  </span>
                  {r.message ? (
                    <span className="kd-gift-received-message">
                      <EmoticonText text={r.message} />
                    </span>
                  ) : null}
                  <small>
                    <RelativeTime seconds={r.create_time} />
                  </small>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="kd-gift-more">
          <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('gifts.more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
