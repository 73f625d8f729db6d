import type { Language } from '@kindred/protocol';
import type { ThemeConfig } from 'antd';

/** The brand pink deep enough for white text on it and pink text on white (4.68:1, WCAG AA). */
export const BRAND = '#d13a60';
/** Brand text on the pale pink of a selected item (#fdeef2): 4.6:1. */
const BRAND_ON_TINT = '#c73359';

export const desktopTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    colorLink: BRAND,
    colorBgLayout: '#f5f6f8',
    borderRadius: 8,
    fontFamily: 'inherit',
    // antd's greys for hints and empty states are about 3.4:1 on white; these keep 4.5:1.
    colorTextDescription: '#6b717c',
    // antd's red (#ff4d4f) is 3.3:1 on white: danger buttons and errors use a deeper one (5.6:1).
    colorError: '#cf1322',
  },
  components: {
    Menu: { horizontalItemSelectedColor: BRAND, itemSelectedColor: BRAND_ON_TINT, itemSelectedBg: '#fdeef2' },
    Card: { borderRadiusLG: 12 },
  },
};

export function asLanguage(lng: string | undefined): Language {
  return lng === 'zh-CN' || lng === 'zh-TW' ? lng : 'en';
}
