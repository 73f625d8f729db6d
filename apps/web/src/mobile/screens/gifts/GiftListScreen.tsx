import { List, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCredits, useGiftCatalogueQuery, useGiftText } from '../../../api/gifts';
import { useSession } from '../../../state/session';
import { SubPage } from '../../components/SubPage';
import { GiftIcon } from '../../icons';
import { ListMessage } from '../discovery/ListState';
import { QueryState } from '../money/QueryState';
import './gifts.css';

/** /m/home/gift/list: "My Received", then the catalogue by category; a gift opens its send page. */
export default function GiftListScreen() {
  const { t } = useTranslation('mobile');
  const text = useGiftText();
  const amount = useSession((s) => s.user?.amount ?? 0);
  const query = useGiftCatalogueQuery();
  const categories = query.data ?? [];

  return (
    <SubPage title={t('gifts.title')} back="/m/home/my/index" testId="gift-list">
      <List className="m-card m-gift-mine">
        <List.Item prefix={<GiftIcon />} extra={t('gifts.balance', { amount: formatCredits(amount) })} clickable={false}>
          <Link to="/m/home/gift/listbox" className="m-link" data-testid="gift-mine-link">
            {t('gifts.mine')}
          </Link>
        </List.Item>
      </List>
      {query.isPending || query.isError ? (
        <QueryState query={query} />
      ) : categories.length === 0 ? (
        <ListMessage text={t('gifts.emptyCatalogue')} />
      ) : (
        <Tabs className="m-gift-tabs" stretch={false}>
          {categories.map((c) => (
            <Tabs.Tab key={String(c.id)} title={<span data-testid="gift-category">{text.category(c)}</span>}>
              <div className="m-gift-grid">
                {c.list.map((g) => (
                  <Link key={g.id} to={`/m/home/gift/send/${g.id}`} className="m-gift-tile" data-testid="gift-tile" data-gift-id={g.id}>
                    <img src={g.path} alt="" width={64} height={64} loading="lazy" />
                    <strong>{text.title(g)}</strong>
                    <span className="m-gift-price">{t('gifts.price', { price: formatCredits(g.money) })}</span>
                  </Link>
                ))}
              </div>
            </Tabs.Tab>
          ))}
        </Tabs>
      )}
    </SubPage>
  );
}
