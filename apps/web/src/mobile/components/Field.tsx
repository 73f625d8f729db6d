import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '../icons';

/** A rounded form row with a leading icon, used by the sign-in, sign-up and password cards. */
export function Field({ icon, children, trailing }: { icon: ReactNode; children: ReactNode; trailing?: ReactNode }) {
  return (
    <div className="m-field">
      <span className="m-field-icon">{icon}</span>
      <div className="m-field-control">{children}</div>
      {trailing}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  name: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
};

/**
 * A plain input styled like antd-mobile's: the login page is the first thing a phone loads, and
 * antd-mobile's Input (with its clear icon and locale) costs more than it adds there (docs/architecture.md §9).
 * Its accessible name is the placeholder.
 */
export function FieldInput({ value, onChange, className = '', ...props }: InputProps) {
  return <input className={`m-input ${className}`} aria-label={props.placeholder} {...props} value={value} onChange={(e) => onChange(e.target.value)} />;
}

/** Masked by default; the eye button shows what was typed. */
export function PasswordField({ icon, ...props }: InputProps & { icon: ReactNode }) {
  const { t } = useTranslation('mobile');
  const [visible, setVisible] = useState(false);
  return (
    <Field
      icon={icon}
      trailing={
        <button type="button" className="m-field-toggle" aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')} aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    >
      <FieldInput autoCapitalize="off" autoCorrect="off" spellCheck={false} {...props} type={visible ? 'text' : 'password'} />
    </Field>
  );
}
