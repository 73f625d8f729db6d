import { isNeedUpgrade } from '../../api/members';
import { useErrorText } from '../../api/errors';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpgradeRedirect } from './useDesktopFeedback';

interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ error: unknown; isFetchNextPageError?: boolean }>;
}

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
  const more = async () => {
    const result = await pager.fetchNextPage();
    if (!result.isFetchNextPageError) return;
    if (isNeedUpgrade(result.error)) upgrade();
    else void message.error(errorText(result.error));
  };
  return (
    <div className="kd-load-more">
      <Button size="large" shape="round" loading={pager.isFetchingNextPage} onClick={() => void more()} data-testid="load-more">
        {t('actions.more')}
      </Button>
    </div>
  );
}
