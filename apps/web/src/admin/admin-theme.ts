import type { Language } from '@kindred/protocol';
import type { ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

/**
 * A sober console: a deep blue that reads as "tool", not as the members' pink brand, so staff
 * always know which side they are on. Every colour keeps 4.5:1 with its text (WCAG AA).
 */
export const CONSOLE_BLUE = '#1d4ed8';

export const adminTheme: ThemeConfig = {
  token: {
    colorPrimary: CONSOLE_BLUE,
    colorLink: CONSOLE_BLUE,
    colorBgLayout: '#f3f4f6',
    borderRadius: 6,
    fontFamily: 'inherit',
    colorTextDescription: '#5f6672',
    colorTextTertiary: '#5f6672',
    // Select placeholders are text axe measures: antd's #bfbfbf is 1.8:1.
    colorTextPlaceholder: '#6b7280',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad6800',
  },
  components: {
    Layout: { siderBg: '#111827', headerBg: '#ffffff', headerPadding: '0 24px' },
    Menu: { darkItemBg: '#111827', darkSubMenuItemBg: '#0b1220', darkItemColor: '#d1d5db', darkItemSelectedBg: CONSOLE_BLUE },
    Table: { headerBg: '#f8fafc' },
  },
};

export const ANTD_LOCALES = { en: enUS, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' };

export function asLanguage(lng: string | undefined): Language {
  return lng === 'zh-CN' || lng === 'zh-TW' ? lng : 'en';
}

export function applyDayjsLocale(lang: Language): void {
  dayjs.locale(DAYJS_LOCALES[lang]);
}
