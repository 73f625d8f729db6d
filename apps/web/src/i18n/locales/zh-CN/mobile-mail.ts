import type { MobileMailStrings } from '../en/mobile-mail';
import shared from './mail';

/** mobile-mail strings (简体中文), merged into the mobile namespace under `mail`. */
const strings: MobileMailStrings = {
  mail: {
    inbox: '邮件',
    write: '写邮件',
    writeTitle: '写邮件',
    ...shared,
    emptyHint: '其他会员发给你的邮件会显示在这里。',
  },
};

export default strings;
