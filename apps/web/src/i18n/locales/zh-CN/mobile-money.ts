import type { MobileMoneyStrings } from '../en/mobile-money';
import shared from './money';

/** mobile-money strings (zh-CN), merged into the mobile namespace under `money`. */
const strings: MobileMoneyStrings = { money: shared };

export default strings;
