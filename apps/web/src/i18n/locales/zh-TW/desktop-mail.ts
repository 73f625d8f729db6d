import type { DesktopMailStrings } from '../en/desktop-mail';
import shared from './mail';

/** desktop-mail strings (繁體中文), merged into the desktop namespace under `mail`. */
const strings: DesktopMailStrings = {
  mail: {
    title: '郵件',
    subtitle: '其他會員寄給你的短郵件',
    newMessage: '寫新郵件',
    search: '依寄件人搜尋',
    ...shared,
    noMatch: '沒有寄件人名為「{{name}}」的郵件',
    from: '寄件人',
    received: '收到時間',
    sendTitle: '寫新郵件',
  },
};

export default strings;
