import { useTranslation } from 'react-i18next';
import { ApiError } from './client';

/**
 * What an error's message may show of its data: a suspension's end (data.until, seconds) as a date
 * and time in the reader's own locale and zone.
 */
function values(data: unknown): Record<string, string> {
  const until = (data as { until?: unknown } | null)?.until;
  return typeof until === 'number' ? { until: new Date(until * 1000).toLocaleString() } : {};
}

/** One table from a failure to translated text; screens never hard-code error messages. */
export function errorText(t: (key: string, opts?: Record<string, unknown>) => string, error: unknown, fallbackKey = 'errors.generic'): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  if (error.status === 0 && !error.id) return t('errors.network');
  if (error.id === 'validation') {
    const names = Object.keys(error.fields).map((f) => t(`fields.${f}`, { defaultValue: f }));
    return names.length ? t('errors.validation_fields', { fields: names.join(', ') }) : t('errors.validation');
  }
  if (error.id) return t(`errors.${error.id}`, { defaultValue: t(fallbackKey), ...values(error.data) });
  return t(fallbackKey);
}

export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown, fallbackKey?: string) => errorText(t, error, fallbackKey);
}
