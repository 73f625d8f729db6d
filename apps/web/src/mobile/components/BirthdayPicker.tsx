import { DatePicker } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BIRTHDAY_DEFAULT, BIRTHDAY_MIN, birthdayToPicker, formatBirthday, pickerLabel, pickerToBirthday } from '../dates';
import { CalendarIcon } from '../icons';
import { Field } from './Field';

/** A form row showing the birthday; tapping it opens the date picker (1950-01-01 to today). */
export function BirthdayField({ value, onChange }: { value: number | null; onChange: (ms: number) => void }) {
  const { t, i18n } = useTranslation('mobile');
  const [open, setOpen] = useState(false);
  const lang = i18n.resolvedLanguage ?? 'en';
  return (
    <Field icon={<CalendarIcon />}>
      <button type="button" name="birthday" className="m-field-button" aria-label={`${t('common:fields.birthday')}: ${value === null ? t('register.birthdayPick') : formatBirthday(value, lang)}`} onClick={() => setOpen(true)}>
        {value === null ? <span className="m-field-placeholder">{t('register.birthdayPick')}</span> : formatBirthday(value, lang)}
      </button>
      <DatePicker
        visible={open}
        onClose={() => setOpen(false)}
        title={t('common:fields.birthday')}
        min={BIRTHDAY_MIN}
        max={new Date()}
        value={value === null ? BIRTHDAY_DEFAULT : birthdayToPicker(value)}
        precision="day"
        mouseWheel
        renderLabel={pickerLabel(lang)}
        onConfirm={(date) => onChange(pickerToBirthday(date))}
      />
    </Field>
  );
}
