/**
 * Birthdays travel as the UTC midnight of the day (the protocol's age rule reads UTC), while the
 * date picker works in local time: these convert between the two without shifting the day.
 */
export const BIRTHDAY_MIN = new Date(1950, 0, 1);
export const BIRTHDAY_DEFAULT = new Date(1990, 0, 1);

export function birthdayToPicker(ms: number): Date {
  const d = new Date(ms);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

export function pickerToBirthday(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
}

export function formatBirthday(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(ms));
}

/** Picker column labels in the member's language ("1990年", "5月", "May"), from Intl rather than hard-coded words. */
export function pickerLabel(lang: string) {
  const formats = {
    year: new Intl.DateTimeFormat(lang, { year: 'numeric', timeZone: 'UTC' }),
    month: new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' }),
    day: new Intl.DateTimeFormat(lang, { day: 'numeric', timeZone: 'UTC' }),
  };
  return (type: string, value: number): string => {
    if (type === 'year') return formats.year.format(Date.UTC(value, 0, 1));
    if (type === 'month') return formats.month.format(Date.UTC(2000, value - 1, 1));
    if (type === 'day') return formats.day.format(Date.UTC(2000, 0, value));
    return String(value);
  };
}
