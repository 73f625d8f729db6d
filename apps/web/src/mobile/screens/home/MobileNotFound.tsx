import { useTranslation } from 'react-i18next';
import { NotFound } from '../../../ui/NotFound';
import { SubPage } from '../../components/SubPage';
import { useGoBack } from '../../use-go-back';

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
