/** desktop-mail strings (English), merged into the desktop namespace under `mail`. */
const strings = {
  mail: {
    title: 'Mail',
    subtitle: 'Short mails from other members',
    newMessage: 'New message',
    search: 'Search by sender',
    empty: 'No mail yet',
    noMatch: 'No mail from a sender named "{{name}}"',
    end: 'No more mail',
    unread: 'Unread',
    unreadCount: '{{count}} unread',
    locked: 'Upgrade to read this mail',
    support: 'Customer service',
    from: 'From',
    received: 'Received',
    reply: 'Reply',
    sendTitle: 'New message',
    address: 'To',
    addressPlaceholder: 'Username or e-mail of the recipient',
    message: 'Message',
    messagePlaceholder: 'Write your message (at most {{max}} characters)',
    addressRequired: 'Please enter the recipient',
    sent: 'Send success',
    sendFailed: 'Send Failed',
    upgradeTitle: 'Need to upgrade~',
    upgradeText: 'Free members can read mails from customer service only. Upgrade to VIP to read every mail.',
    upgradeNow: 'Upgrade now',
    later: 'Not now',
  },
};

export default strings;
export type DesktopMailStrings = typeof strings;
