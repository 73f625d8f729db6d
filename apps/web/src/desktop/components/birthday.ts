import dayjs, { type Dayjs } from 'dayjs';

/**
 * Birthdays travel as the millisecond timestamp of midnight UTC, and the server counts age in UTC;
 * the pickers work in local time, so convert by calendar parts, never by instant.
 */
export function birthdayMs(date: Dayjs): number {
  return Date.UTC(date.year(), date.month(), date.date());
}

export function birthdayToDayjs(ms: number | null | undefined): Dayjs | null {
  if (!ms) return null;
  const d = new Date(ms);
  return dayjs(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
