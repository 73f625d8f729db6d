import type { DesktopMoneyStrings } from '../en/desktop-money';
import shared from './money';

/** desktop-money strings (zh-TW), merged into the desktop namespace under `money`. */
const strings: DesktopMoneyStrings = { money: shared };

export default strings;
