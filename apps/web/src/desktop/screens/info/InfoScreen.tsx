import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { usePageTitle } from '../../components/Page';
import { INFO_PAGES } from '../../layouts/InfoLayout';

interface InfoSection {
  heading: string;
  paragraphs: string[];
}

/** One static page of /w/info, entirely from the `info` strings (three languages). */
export function InfoScreen() {
  const { page = '' } = useParams();
  const { t } = useTranslation('info');
  const known = INFO_PAGES.some((p) => p.slug === page);
  const title = known ? t(`pages.${page}.title`) : undefined;
  usePageTitle(title);
  if (!known) return <Navigate to="/w/info/about-us" replace />;
  const sections = t(`pages.${page}.sections`, { returnObjects: true }) as InfoSection[];
  return (
    <article className="kd-card kd-info">
      <h1>{title}</h1>
      <p className="kd-info-lead">{t(`pages.${page}.lead`)}</p>
      {sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
