/** Mail strings both interfaces show (English), spread into desktop-mail and mobile-mail. */
const strings = {
  empty: 'No mail yet',
  end: 'No more mail',
  unread: 'Unread',
  unreadCount: '{{count}} unread',
  locked: 'Upgrade to read this mail',
  support: 'Customer service',
  reply: 'Reply',
  address: 'To',
  addressPlaceholder: 'Username of the recipient',
  message: 'Message',
  messagePlaceholder: 'Write your message (at most {{max}} characters)',
  addressRequired: 'Please enter the recipient',
  sent: 'Send success',
  sendFailed: 'Send Failed',
  upgradeTitle: 'Need to upgrade~',
  /** Why a free member may not open this mail (reading). */
  upgradeReadText: 'Free members can read mails from customer service only. Upgrade to VIP to read every mail.',
  /** Why a free member may not write this mail (sending again to someone already written to). */
  upgradeSendText: 'Free members can write one mail to each member. Upgrade to VIP to keep writing to them.',
  upgradeNow: 'Upgrade now',
  later: 'Not now',
};

export default strings;
export type MailStrings = typeof strings;
