import type { Language } from '@kindred/protocol';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n';
import { GlobeIcon } from '../icons';

// The drawer (antd-mobile Popup and its animation code) loads on first use, not with the login page.
const LanguagePopup = lazy(() => import('./LanguagePopup'));
const preload = () => void import('./LanguagePopup');

/** The language drawer of the sign-in pages: a globe button that opens the three choices. */
export function LanguageButton() {
  const { t, i18n } = useTranslation('mobile');
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const name = LANGUAGE_NAMES[current] ?? LANGUAGE_NAMES.en;
  return (
    <>
      <button
        type="button"
        className="m-lang-button"
        // The visible language name starts the accessible name, as speech input expects (WCAG 2.5.3).
        aria-label={`${name}, ${t('auth.chooseLanguage')}`}
        aria-haspopup="dialog"
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <GlobeIcon />
        <span>{name}</span>
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <LanguagePopup visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
