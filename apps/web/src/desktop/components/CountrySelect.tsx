import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, countryName } from '../../ui/countries';

export function CountrySelect({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t, i18n } = useTranslation('desktop');
  const lang = i18n.language;
  const options = useMemo(
    () => COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, lang) })).sort((a, b) => a.label.localeCompare(b.label, lang)),
    [lang],
  );
  return (
    <Select
      id={id}
      data-testid="country"
      value={value || undefined}
      onChange={onChange}
      options={options}
      placeholder={t('auth.regist.countryPlaceholder')}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
