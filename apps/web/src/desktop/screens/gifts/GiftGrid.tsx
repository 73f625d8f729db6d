import type { GiftCategoryWire, GiftWire } from '@kindred/protocol';
import { Button, Empty, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCredits, useGiftCatalogueQuery, useGiftText } from '../../../api/gifts';

/** One gift: picture, name in the member's language, price in credits, and the send button. */
export function GiftTile({ gift, onPick, compact = false }: { gift: GiftWire; onPick: (gift: GiftWire) => void; compact?: boolean }) {
  const { t } = useTranslation('desktop');
  const text = useGiftText();
  return (
    <div className={`kd-gift-tile${compact ? ' is-compact' : ''}`} data-testid="gift-tile" data-gift-id={gift.id}>
      <button type="button" className="kd-gift-tile-pic" onClick={() => onPick(gift)} aria-label={text.title(gift)}>
        <img src={gift.path} alt="" width={compact ? 48 : 80} height={compact ? 48 : 80} loading="lazy" />
      </button>
      <strong className="kd-gift-tile-name">{text.title(gift)}</strong>
      <span className="kd-gift-tile-price">{t('gifts.price', { price: formatCredits(gift.money) })}</span>
      {compact ? null : (
        <Button type="primary" size="small" shape="round" onClick={() => onPick(gift)} data-testid="gift-send">
          {t('gifts.send')}
        </Button>
      )}
    </div>
  );
}

/** The catalogue in category tabs (docs/product-rules.md §2: store). `compact` for the chat's picker. */
export function GiftGrid({ onPick, compact = false }: { onPick: (gift: GiftWire) => void; compact?: boolean }) {
  const { t } = useTranslation('desktop');
  const text = useGiftText();
  const { data, isLoading, isError, refetch } = useGiftCatalogueQuery();
  if (isLoading) return <Spin className="kd-gift-state" />;
  if (isError)
    return (
      <Empty className="kd-gift-state" description={t('gifts.loadFailed')}>
        <Button onClick={() => void refetch()}>{t('gifts.retry')}</Button>
      </Empty>
    );
  const categories: GiftCategoryWire[] = data ?? [];
  if (!categories.length) return <Empty className="kd-gift-state" description={t('gifts.emptyCatalogue')} />;
  return (
    <Tabs
      className={`kd-gift-tabs${compact ? ' is-compact' : ''}`}
      size={compact ? 'small' : 'middle'}
      items={categories.map((c) => ({
        key: String(c.id),
        label: <span data-testid="gift-category">{text.category(c)}</span>,
        children: (
          <div className={`kd-gift-grid${compact ? ' is-compact' : ''}`}>
            {c.list.map((g) => (
              <GiftTile key={g.id} gift={g} onPick={onPick} compact={compact} />
            ))}
          </div>
        ),
      }))}
    />
  );
}
