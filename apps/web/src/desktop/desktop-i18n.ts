import enDesktop from '../i18n/locales/en/desktop';
import enInfo from '../i18n/locales/en/info';
import zhCNDesktop from '../i18n/locales/zh-CN/desktop';
import zhCNInfo from '../i18n/locales/zh-CN/info';
import zhTWDesktop from '../i18n/locales/zh-TW/desktop';
import zhTWInfo from '../i18n/locales/zh-TW/info';
import { addNamespace } from '../i18n';

// The desktop's strings travel with the desktop chunk: a phone never downloads them.
addNamespace('desktop', { en: enDesktop, 'zh-CN': zhCNDesktop, 'zh-TW': zhTWDesktop });
addNamespace('info', { en: enInfo, 'zh-CN': zhCNInfo, 'zh-TW': zhTWInfo });
