import { App, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { takeFlash } from './flash';
import { antdLocaleOf } from './strings/desktop-strings';
import { asLanguage, desktopTheme } from './theme';

/** Says the message the sign-in page left for the first signed-in page (flash.ts). */
function FlashOnArrival() {
  const { message } = App.useApp();
  useEffect(() => {
    const flash = takeFlash();
    if (flash) void message[flash.kind](flash.text);
  }, [message]);
  return null;
}

/**
 * Toasts open under the sticky 64 px header, not over it: one on the top menu hid the item a member
 * was about to click, and while the pointer rested on it antd kept it open (CI saw exactly that).
 */
const TOASTS_BELOW_HEADER = { top: 72 } as const;

/**
 * antd themed in the brand colour, speaking the member's language: around the signed-in area and
 * the sign-in pages that use antd (registration, recovery), never around /w/login (issue 14).
 */
export function AntdRoot({ children, className }: { children: ReactNode; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={antdLocaleOf(asLanguage(i18n.language))} theme={desktopTheme}>
      <App className={className} component={className ? 'div' : false} message={TOASTS_BELOW_HEADER}>
        <FlashOnArrival />
        {children}
      </App>
    </ConfigProvider>
  );
}
