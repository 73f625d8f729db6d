import type { PayType } from '@kindred/protocol';
import { List, Radio } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../icons';

/** The payment methods an order offers as a radio list; each says what comes next. */
export function MethodList({ methods, value, onChange, balance }: { methods: PayType[]; value: PayType; onChange: (m: PayType) => void; balance: number }) {
  const { t } = useTranslation('mobile');
  return (
    <Radio.Group value={value} onChange={(v) => onChange(v as PayType)}>
      <List className="m-card m-pay-methods" header={t('money.method.title')}>
        {methods.map((m) => (
          <List.Item
            key={m}
            onClick={() => onChange(m)}
            description={t(`money.methodHint.${m}`, { balance: balance.toFixed(2) })}
            extra={<Radio value={m} aria-label={t(`money.method.${m}`)} icon={(checked) => <span className={`m-pay-radio${checked ? ' is-on' : ''}`}>{checked ? <CheckIcon /> : null}</span>} />}
            data-testid={`pay-method-${m}`}
            arrowIcon={false}
          >
            <span className={`m-pay-method-name m-pay-method-${m}`}>{t(`money.method.${m}`)}</span>
          </List.Item>
        ))}
      </List>
    </Radio.Group>
  );
}
