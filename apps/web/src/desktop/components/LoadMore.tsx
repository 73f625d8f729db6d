import { useErrorText } from '../../api/errors';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadNextPage, type Pager } from '../../ui/load-next-page';
import { useUpgradeRedirect } from './use-desktop-feedback';

/**
 * "Click for more" under a paged list; it hides at the last page (with `endText` if given).
 * A free member's page 2 answers need_upgrade: say so and go to the upgrade page.
 */
export function LoadMore({ pager, endText }: { pager: Pager; endText?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const upgrade = useUpgradeRedirect();
  if (!pager.hasNextPage) return endText ? <p className="kd-list-end">{endText}</p> : null;
  const more = () => loadNextPage(pager, { onUpgrade: upgrade, onError: (error) => void message.error(errorText(error)) });
  return (
    <div className="kd-load-more">
      <Button size="large" shape="round" loading={pager.isFetchingNextPage} onClick={() => void more()} data-testid="load-more">
        {t('actions.more')}
      </Button>
    </div>
  );
}
