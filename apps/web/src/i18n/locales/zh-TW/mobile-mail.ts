import type { MobileMailStrings } from '../en/mobile-mail';
import shared from './mail';

/** mobile-mail strings (繁體中文), merged into the mobile namespace under `mail`. */
const strings: MobileMailStrings = {
  mail: {
    inbox: '郵件',
    write: '寫郵件',
    writeTitle: '寫郵件',
    ...shared,
    emptyHint: '其他會員寄給你的郵件會顯示在這裡。',
  },
};

export default strings;
