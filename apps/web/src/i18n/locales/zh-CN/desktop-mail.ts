import type { DesktopMailStrings } from '../en/desktop-mail';
import shared from './mail';

/** desktop-mail strings (简体中文), merged into the desktop namespace under `mail`. */
const strings: DesktopMailStrings = {
  mail: {
    title: '邮件',
    subtitle: '其他会员发给你的短邮件',
    newMessage: '写新邮件',
    search: '按发件人搜索',
    ...shared,
    noMatch: '没有发件人名为“{{name}}”的邮件',
    from: '发件人',
    received: '收到时间',
    sendTitle: '写新邮件',
  },
};

export default strings;
