import { useTranslation } from 'react-i18next';
import { SubPage } from '../../components/SubPage';
import '../../auth.css';

interface Section {
  title: string;
  text: string;
}

/** /m/agreement: the terms (18+, virtual gifts, one-off payments, 60-day disputes, refunds) in the member's language. */
export default function AgreementScreen() {
  const { t } = useTranslation('mobile');
  const sections = t('agreement.sections', { returnObjects: true }) as Section[];
  return (
    <SubPage title={t('titles.agreement')} back="/m/login" testId="agreement">
      <article className="m-agreement">
        <p className="m-agreement-intro">{t('agreement.intro')}</p>
        {sections.map((section, i) => (
          <section key={section.title}>
            <h2>
              <span aria-hidden="true">{i + 1}</span>
              {section.title}
            </h2>
            <p>{section.text}</p>
          </section>
        ))}
        <p className="m-agreement-intro">{t('common:copyright')}</p>
      </article>
    </SubPage>
  );
}
