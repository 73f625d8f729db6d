import shared from './money';

/** desktop-money strings (English), merged into the desktop namespace under `money`. */
const strings = { money: shared };

export default strings;
export type DesktopMoneyStrings = typeof strings;
