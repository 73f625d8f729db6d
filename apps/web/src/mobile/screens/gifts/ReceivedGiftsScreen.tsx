import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { flattenReceived, useGiftIndex, useGiftText, useReceivedGiftsQuery } from '../../../api/gifts';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';
import { SubPage } from '../../components/SubPage';
import { ListMessage } from '../discovery/ListState';
import { QueryState } from '../money/QueryState';
import './gifts.css';

/** /m/home/gift/listbox: the gifts the member received, newest first. */
export default function ReceivedGiftsScreen() {
  const { t } = useTranslation('mobile');
  const text = useGiftText();
  const { byId } = useGiftIndex();
  const query = useReceivedGiftsQuery();
  const rows = flattenReceived(query.data);

  return (
    <SubPage title={t('gifts.received')} back="/m/home/gift/list" testId="gift-received">
      {query.isPending || query.isError ? (
        <QueryState query={query} />
      ) : rows.length === 0 ? (
        <ListMessage text={t('gifts.empty')} />
      ) : (
        <ul className="m-card m-gift-received">
          {rows.map((r) => {
            const gift = byId.get(r.gid);
            return (
              <li key={r.id} data-testid="gift-received-item" data-gift-id={r.gid}>
                <img src={r.path} alt="" width={56} height={56} />
                <div>
                  <strong>{gift ? text.title(gift) : t('common:chat.gift')}</strong>
                  <span className="m-gift-from">
                    <Avatar src={r.giver_avatar} name={r.givername} size={18} /> {t('gifts.from', { name: r.givername })}
                  </span>
                  {r.message ? (
                    <span className="m-gift-message">
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
        <div className="m-actions">
          <Button block fill="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('gifts.more')}
          </Button>
        </div>
      ) : null}
    </SubPage>
  );
}
