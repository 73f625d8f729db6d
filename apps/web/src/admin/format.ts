import dayjs from 'dayjs';

/** Integer cents (USD) as money in the console's language. */
export function formatCents(cents: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** Credits are integer hundredths on the wire; staff read and type them with two decimals. */
export function formatCredits(hundredths: number, lang: string): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hundredths / 100);
}

/** A wire time in seconds (0: never) as a date and time; '—' for none. */
export function formatTime(seconds: number): string {
  return seconds ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm') : '—';
}

/** A wire time in seconds as a date only. */
export function formatDay(seconds: number): string {
  return seconds ? dayjs.unix(seconds).format('YYYY-MM-DD') : '—';
}

/** A catalogue row's name or title in the console's language (the row holds all three). */
export function localName(row: object, base: 'name' | 'title', lang: string): string {
  const suffix = lang === 'zh-CN' ? 'zh_cn' : lang === 'zh-TW' ? 'zh_tw' : 'en';
  const fields = row as Record<string, unknown>;
  return String(fields[`${base}_${suffix}`] ?? fields[`${base}_en`] ?? '');
}
