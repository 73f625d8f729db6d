import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page title follows the screen (and its language), like a route title. */
export function useTitle(title: string): void {
  const { t } = useTranslation();
  const brand = t('brand');
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
