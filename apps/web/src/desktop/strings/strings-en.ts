import blocking from '../../i18n/locales/en/blocking';
import desktop from '../../i18n/locales/en/desktop';
import desktopChat from '../../i18n/locales/en/desktop-chat';
import desktopGifts from '../../i18n/locales/en/desktop-gifts';
import desktopMail from '../../i18n/locales/en/desktop-mail';
import desktopMoney from '../../i18n/locales/en/desktop-money';
import info from '../../i18n/locales/en/info';
import reports from '../../i18n/locales/en/reports';

export default {
  desktop: [desktop, desktopChat, desktopMail, desktopMoney, desktopGifts, reports, blocking],
  info: [info],
};
