import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const KIT_LOCALES = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

/**
 * antd-mobile's own words (date picker buttons, list labels) in the member's language. It wraps the
 * lazy screens that need them, so the login page does not carry the kit's locales.
 */
export function KitLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = KIT_LOCALES[(i18n.resolvedLanguage ?? 'en') as keyof typeof KIT_LOCALES] ?? enUS;
  // Imperative Toast and Dialog render outside this tree: they read the default config.
  setDefaultConfig({ locale });
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
