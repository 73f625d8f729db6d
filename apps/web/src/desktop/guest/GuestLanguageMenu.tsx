import { LANGUAGES, type Language } from '@kindred/protocol';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_NAMES } from '../../i18n';
import { loadDesktopStrings } from '../strings/desktop-strings';
import { asLanguage } from '../theme';
import { GuestIcon } from './guest-icons';

/**
 * The language menu of the sign-in pages, without antd's Dropdown: a guest has no account to keep
 * the choice on, so this only switches the interface (the signed-in header has LanguageMenu).
 */
export function GuestLanguageMenu() {
  const { t, i18n } = useTranslation('desktop');
  const current = asLanguage(i18n.language);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>('[aria-checked=true]')?.focus();
    const away = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const choose = (lang: Language) => {
    setOpen(false);
    // The strings first: switching before they are in would show bare keys for a moment. Offline,
    // the language stays as it is.
    void loadDesktopStrings(lang).then(() => changeLanguage(lang), () => undefined);
  };

  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role=menuitemradio]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="kd-gl" ref={root}>
      <button
        type="button"
        className="kd-gl-button kd-header-button"
        data-testid="language-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${LANGUAGE_NAMES[current]}, ${t('nav.language')}`}
        onClick={() => setOpen((o) => !o)}
      >
        <GuestIcon name="global" />
        <span>{LANGUAGE_NAMES[current]}</span>
      </button>
      {open ? (
        <ul className="kd-gl-menu" role="menu" ref={list} onKeyDown={onKey} aria-label={t('nav.language')}>
          {LANGUAGES.map((lang) => (
            <li
              key={lang}
              role="menuitemradio"
              aria-checked={lang === current}
              tabIndex={-1}
              className="kd-gl-item"
              onClick={() => choose(lang)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), choose(lang))}
            >
              <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
              {lang === current ? <GuestIcon name="check" /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
