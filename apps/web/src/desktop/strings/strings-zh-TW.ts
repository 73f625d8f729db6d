import antd from 'antd/locale/zh_TW';
import blocking from '../../i18n/locales/zh-TW/blocking';
import desktop from '../../i18n/locales/zh-TW/desktop';
import desktopChat from '../../i18n/locales/zh-TW/desktop-chat';
import desktopGifts from '../../i18n/locales/zh-TW/desktop-gifts';
import desktopMail from '../../i18n/locales/zh-TW/desktop-mail';
import desktopMoney from '../../i18n/locales/zh-TW/desktop-money';
import info from '../../i18n/locales/zh-TW/info';
import reports from '../../i18n/locales/zh-TW/reports';

export default {
  desktop: [desktop, desktopChat, desktopMail, desktopMoney, desktopGifts, reports, blocking],
  info: [info],
  antd,
};
