import shared from './mail';

/** desktop-mail strings (English), merged into the desktop namespace under `mail`. */
const strings = {
  mail: {
    title: 'Mail',
    subtitle: 'Short mails from other members',
    newMessage: 'New message',
    search: 'Search by sender',
    ...shared,
    noMatch: 'No mail from a sender named "{{name}}"',
    from: 'From',
    received: 'Received',
    sendTitle: 'New message',
  },
};

export default strings;
export type DesktopMailStrings = typeof strings;
