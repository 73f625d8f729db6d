import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../../ui/ComingSoon';
import { SubPage } from '../../components/SubPage';
import { useTitle } from '../../use-title';

/** A tab that later work fills in: its title bar and the shared placeholder, never a blank page. */
export function TabPlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('mobile');
  const title = t(`titles.${titleKey}`);
  useTitle(title);
  return (
    <>
      <h1 className="m-page-title">{title}</h1>
      <ComingSoon title={title} />
    </>
  );
}

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

/** /m/home/my/newsfeed/:id: a profile; `?type=2` opens its albums tab (spec section 2). */
export function NewsfeedPlaceholder() {
  const [params] = useSearchParams();
  return <PagePlaceholder titleKey={params.get('type') === '2' ? 'albums' : 'newsfeed'} />;
}
