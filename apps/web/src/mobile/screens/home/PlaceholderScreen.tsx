import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../ui/ComingSoon';
import { NotFound } from '../../../ui/NotFound';
import { SubPage } from '../../components/SubPage';
import { useGoBack } from '../../use-go-back';

/**
 * A secondary screen still to come: nav bar and a "go back" button to where the member came from
 * (else `back`), and the placeholder. Never a silent move elsewhere (issue 13).
 */
export function PagePlaceholder({ titleKey, back = '/m/home/my/index' }: { titleKey: string; back?: string }) {
  const { t } = useTranslation('mobile');
  const goBack = useGoBack(back);
  const title = t(`titles.${titleKey}`);
  return (
    <SubPage title={title} back={back} testId={`placeholder-${titleKey}`}>
      <ComingSoon title={title} onBack={goBack} />
    </SubPage>
  );
}

/** An address under /m that leads nowhere: say so, with the way back and the way home. */
export function MobileNotFound() {
  const { t } = useTranslation('mobile');
  const goBack = useGoBack('/m/home/index');
  return (
    <SubPage title={t('titles.notFound')} back="/m/home/index" testId="mobile-not-found">
      <NotFound home="/m/home/index" onBack={goBack} />
    </SubPage>
  );
}
