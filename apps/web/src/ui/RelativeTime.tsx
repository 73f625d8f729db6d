import { relativeTime } from '@kindred/protocol';
import { useTranslation } from 'react-i18next';

/** The relative time of docs/product-rules.md §9, formatted in the member's language; `seconds` is an epoch in s. */
export function useRelativeTime() {
  const { t } = useTranslation();
  return (seconds: number, now = Date.now()) => {
    const r = relativeTime(seconds * 1000, now);
    switch (r.unit) {
      case 'just':
        return t('time.just');
      case 'date':
        return r.year ? t('time.dateYear', { year: r.year, month: r.month, day: r.day }) : t('time.date', { month: r.month, day: r.day });
      default:
        return t(`time.${r.unit}`, { count: r.value });
    }
  };
}

export function RelativeTime({ seconds }: { seconds: number }) {
  const format = useRelativeTime();
  return <time dateTime={new Date(seconds * 1000).toISOString()}>{format(seconds)}</time>;
}
