import { LIMITS } from '@kindred/protocol';
import { Button, DatePickerView } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../state/session';
import { SubPage } from '../../components/SubPage';
import { useGoBack } from '../../use-go-back';
import { BIRTHDAY_DEFAULT, BIRTHDAY_MIN, birthdayToPicker, formatBirthday, pickerLabel, pickerToBirthday } from '../../dates';
import { checkBirthday, problemText } from '../../form-rules';
import { toastFail } from '../../toast';
import { useSaveProfile } from '../../use-save-profile';
import { useSingleFlight } from '../../use-single-flight';
import '../../setup.css';

const BACK = '/m/home/my/setup/data';

/** /m/home/my/setup/changebrith: date wheels (1950 to today) with cancel and save. */
export default function ChangeBirthdayScreen() {
  const { t, i18n } = useTranslation('mobile');
  const goBack = useGoBack(BACK);
  const user = useSession((s) => s.user);
  const { save, saving } = useSaveProfile();
  const [date, setDate] = useState<Date>(() => (user?.birthday ? birthdayToPicker(user.birthday) : BIRTHDAY_DEFAULT));
  const lang = i18n.resolvedLanguage ?? 'en';
  const birthday = pickerToBirthday(date);

  const submit = useSingleFlight(async () => {
    const problem = checkBirthday(birthday);
    if (problem) return toastFail(problemText(t, problem));
    if (await save({ birthday })) goBack();
  });

  return (
    <SubPage title={t('titles.birthday')} back={BACK}>
      <div className="m-current" aria-live="polite">
        <span>{t('common:fields.birthday')}</span>
        <strong data-testid="birthday-value">{formatBirthday(birthday, lang)}</strong>
      </div>
      <div className="m-picker-card">
        <DatePickerView value={date} onChange={setDate} min={BIRTHDAY_MIN} max={new Date()} precision="day" mouseWheel renderLabel={pickerLabel(lang)} />
      </div>
      <p className="m-hint">{t('setup.birthdayHint', { age: LIMITS.minAge })}</p>
      <div className="m-actions">
        <Button className="m-button-pill" onClick={() => goBack()}>
          {t('common:actions.cancel')}
        </Button>
        <Button className="m-button-pill" color="primary" loading={saving} onClick={submit} data-testid="birthday-save">
          {t('common:actions.save')}
        </Button>
      </div>
    </SubPage>
  );
}
