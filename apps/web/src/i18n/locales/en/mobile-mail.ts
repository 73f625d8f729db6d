import shared from './mail';

/** mobile-mail strings (English), merged into the mobile namespace under `mail`. */
const strings = {
  mail: {
    inbox: 'Mail',
    write: 'Write',
    writeTitle: 'Write a mail',
    ...shared,
    emptyHint: 'Mails other members send you arrive here.',
  },
};

export default strings;
export type MobileMailStrings = typeof strings;
