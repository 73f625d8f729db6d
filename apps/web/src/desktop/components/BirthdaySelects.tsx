import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { daysInMonth } from './birthday';

export interface BirthdayParts {
  year?: number;
  month?: number;
  day?: number;
}

export const isCompleteBirthday = (v: BirthdayParts | undefined): v is Required<BirthdayParts> => Boolean(v?.year && v.month && v.day);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Year, month and day selects of the desktop registration: years from 50 to 19 years ago (so every
 * choice is an adult), and the days follow the month's length, leap years included.
 */
export function BirthdaySelects({ value = {}, onChange }: { value?: BirthdayParts; onChange?: (v: BirthdayParts) => void }) {
  const { t, i18n } = useTranslation('desktop');
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const thisYear = new Date().getFullYear();
  const years = range(thisYear - 50, thisYear - 19).reverse();
  const lastDay = value.year && value.month ? daysInMonth(value.year, value.month) : 31;

  const set = (patch: BirthdayParts) => {
    const next = { ...value, ...patch };
    // 31 March -> February: the day moves to the month's last day rather than becoming invalid.
    if (next.year && next.month && next.day) next.day = Math.min(next.day, daysInMonth(next.year, next.month));
    onChange?.(next);
  };

  return (
    <div className="kd-birthday">
      <Select
        id="birthday-year"
        data-testid="birthday-year"
        aria-label={t('auth.regist.year')}
        placeholder={t('auth.regist.year')}
        value={value.year}
        onChange={(year: number) => set({ year })}
        options={years.map((y) => ({ value: y, label: String(y) }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
      <Select
        id="birthday-month"
        data-testid="birthday-month"
        aria-label={t('auth.regist.month')}
        placeholder={t('auth.regist.month')}
        value={value.month}
        onChange={(month: number) => set({ month })}
        options={range(1, 12).map((m) => ({ value: m, label: monthName.format(Date.UTC(2000, m - 1, 1)) }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
      <Select
        id="birthday-day"
        data-testid="birthday-day"
        aria-label={t('auth.regist.day')}
        placeholder={t('auth.regist.day')}
        value={value.day}
        onChange={(day: number) => set({ day })}
        options={range(1, lastDay).map((d) => ({ value: d, label: String(d) }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </div>
  );
}
