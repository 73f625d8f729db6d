import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { GuestIcon, type GuestIconName } from './guest-icons';

interface GuestFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'prefix'> {
  id: string;
  label: string;
  icon: GuestIconName;
  error?: string;
  /** A password field, with the eye that shows what was typed. */
  secret?: boolean;
}

/** A labelled large input with its icon and its error below, as antd's Form.Item draws one. */
export function GuestField({ id, label, icon, error, secret = false, ...input }: GuestFieldProps) {
  const { t } = useTranslation('desktop');
  const [shown, setShown] = useState(false);
  const help = `${id}_help`;
  return (
    <div className={`kd-gf-item${error ? ' kd-gf-invalid' : ''}`}>
      <div className="kd-gf-label">
        <label htmlFor={id} title={label}>
          {label}
        </label>
      </div>
      <span className="kd-gf-input">
        <span className="kd-gf-prefix">
          <GuestIcon name={icon} />
        </span>
        <input id={id} type={secret && !shown ? 'password' : 'text'} aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={error ? help : undefined} {...input} />
        {secret ? (
          <span className="kd-gf-suffix">
            <button type="button" className="kd-gf-eye" aria-label={t('auth.login.showPassword')} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
              <GuestIcon name={shown ? 'eye' : 'eyeInvisible'} />
            </button>
          </span>
        ) : null}
      </span>
      {error ? (
        <div id={help} className="kd-gf-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
