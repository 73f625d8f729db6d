import shared from './money';

/** mobile-money strings (English), merged into the mobile namespace under `money`. */
const strings = { money: shared };

export default strings;
export type MobileMoneyStrings = typeof strings;
