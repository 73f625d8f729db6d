import { useTranslation } from 'react-i18next';
import { ApiError } from './client';

/** One table from a failure to translated text; screens never hard-code error messages. */
export function errorText(t: (key: string, opts?: Record<string, unknown>) => string, error: unknown, fallbackKey = 'errors.generic'): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  if (error.status === 0 && !error.id) return t('errors.network');
  if (error.id === 'validation') {
    const names = Object.keys(error.fields).map((f) => t(`fields.${f}`, { defaultValue: f }));
    return names.length ? t('errors.validation_fields', { fields: names.join(', ') }) : t('errors.validation');
  }
  if (error.id) return t(`errors.${error.id}`, { defaultValue: t(fallbackKey) });
  return t(fallbackKey);
}

export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown, fallbackKey?: string) => errorText(t, error, fallbackKey);
}
