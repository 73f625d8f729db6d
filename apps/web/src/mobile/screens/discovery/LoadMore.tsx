import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { loadNextPage, type Pager } from '../../../ui/load-next-page';
import { toastFail } from '../../toast';
import { useUpgradeRedirect } from './use-upgrade-redirect';
import './discovery.css';

/** "Click for more" under a paged list; at the last page it gives way to `endText` (docs/product-rules.md §4). */
export function LoadMore({ pager, endText }: { pager: Pager; endText?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const upgrade = useUpgradeRedirect();
  if (!pager.hasNextPage) return endText ? <p className="m-list-end">{endText}</p> : null;
  const more = () => loadNextPage(pager, { onUpgrade: upgrade, onError: (error) => toastFail(errorText(error)) });
  return (
    <div className="m-load-more">
      <Button size="small" shape="rounded" loading={pager.isFetchingNextPage} onClick={() => void more()} data-testid="load-more">
        {t('actions.more')}
      </Button>
    </div>
  );
}
