import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../ui/ComingSoon';
import { SubPage } from '../../components/SubPage';

/** A secondary screen still to come: nav bar back to Mine, and the placeholder. */
export function PagePlaceholder({ titleKey, back = '/m/home/my/index' }: { titleKey: string; back?: string }) {
  const { t } = useTranslation('mobile');
  const title = t(`titles.${titleKey}`);
  return (
    <SubPage title={title} back={back} testId={`placeholder-${titleKey}`}>
      <ComingSoon title={title} />
    </SubPage>
  );
}
