import { CARD_COUNTRIES, LIMITS } from '@kindred/protocol';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { expiryYears, formatCardNumber, type PayerForm } from '../../../ui/payment-form';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** A native select: the phone's own picker, labelled like the kit's inputs. */
function Select({ value, onChange, options, placeholder, label, testId }: { value?: string; onChange?: (v: string) => void; options: { value: string; label: string }[]; placeholder: string; label: string; testId: string }) {
  return (
    <select className="m-select" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} aria-label={label} data-testid={testId}>
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The payer's fields of docs/product-rules.md §3 for methods 2/3 (name, e-mail, phone) or 4 (the full card form).
 * Values live in the antd-mobile form store; the rules are checked on submit by ui/payment-form.
 */
export function PayerFields({ kind }: { kind: 'contact' | 'card' }) {
  const { t } = useTranslation('mobile');
  const label = (f: string) => t(`money.fields.${f}`);
  const ph = (f: string) => t(`money.placeholders.${f}`);
  const text = (name: keyof PayerForm, props: Record<string, unknown> = {}) => (
    <Form.Item name={name} label={label(name)}>
      <Input placeholder={ph(name)} aria-label={label(name)} data-testid={`pay-${name}`} autoComplete="off" maxLength={100} {...props} />
    </Form.Item>
  );
  return (
    <>
      {text('name', { autoComplete: kind === 'card' ? 'cc-given-name' : 'name' })}
      {kind === 'card' ? text('lastname', { autoComplete: 'cc-family-name' }) : null}
      {text('email', { type: 'email', autoComplete: 'email', maxLength: LIMITS.emailMax })}
      {text('phone', { type: 'tel', autoComplete: 'tel', maxLength: 32 })}
      {kind === 'card' ? (
        <>
          <Form.Item name="cardnumber" label={label('cardnumber')} normalize={(v: string) => formatCardNumber(v ?? '')}>
            <Input placeholder={ph('cardnumber')} aria-label={label('cardnumber')} inputMode="numeric" autoComplete="cc-number" maxLength={23} data-testid="pay-cardnumber" />
          </Form.Item>
          <Form.Item label={label('expiration')} className="m-pay-expiry">
            <div className="m-pay-row">
              <Form.Item name="expMonth" noStyle>
                <Select label={label('expMonth')} placeholder={label('expMonth')} options={MONTHS.map((m) => ({ value: String(Number(m)), label: m }))} testId="pay-expMonth" />
              </Form.Item>
              <Form.Item name="expYear" noStyle>
                <Select label={label('expYear')} placeholder={label('expYear')} options={expiryYears().map((y) => ({ value: String(y), label: String(y) }))} testId="pay-expYear" />
              </Form.Item>
            </div>
          </Form.Item>
          <Form.Item name="cvv" label={label('cvv')} normalize={(v: string) => (v ?? '').replace(/\D/g, '').slice(0, 4)}>
            <Input placeholder={ph('cvv')} aria-label={label('cvv')} inputMode="numeric" type="password" autoComplete="cc-csc" maxLength={4} data-testid="pay-cvv" />
          </Form.Item>
          <Form.Item name="country" label={label('country')}>
            <Select label={label('country')} placeholder={ph('country')} options={CARD_COUNTRIES.map((c) => ({ value: c, label: t(`money.countries.${c}`) }))} testId="pay-country" />
          </Form.Item>
          {text('state', { autoComplete: 'address-level1' })}
          {text('city', { autoComplete: 'address-level2' })}
          {text('address', { autoComplete: 'street-address', maxLength: 200 })}
          {text('zip', { autoComplete: 'postal-code', maxLength: 16 })}
        </>
      ) : null}
    </>
  );
}
