import antd from 'antd/locale/zh_CN';
import blocking from '../../i18n/locales/zh-CN/blocking';
import desktop from '../../i18n/locales/zh-CN/desktop';
import desktopChat from '../../i18n/locales/zh-CN/desktop-chat';
import desktopGifts from '../../i18n/locales/zh-CN/desktop-gifts';
import desktopMail from '../../i18n/locales/zh-CN/desktop-mail';
import desktopMoney from '../../i18n/locales/zh-CN/desktop-money';
import info from '../../i18n/locales/zh-CN/info';
import reports from '../../i18n/locales/zh-CN/reports';

export default {
  desktop: [desktop, desktopChat, desktopMail, desktopMoney, desktopGifts, reports, blocking],
  info: [info],
  antd,
};
