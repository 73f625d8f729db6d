import type { MailStrings } from '../en/mail';

/** Mail strings both interfaces show (简体中文), spread into desktop-mail and mobile-mail. */
const strings: MailStrings = {
  empty: '还没有邮件',
  end: '没有更多邮件了',
  unread: '未读',
  unreadCount: '{{count}} 封未读',
  locked: '升级会员后可阅读此邮件',
  support: '客服',
  reply: '回复',
  address: '收件人',
  addressPlaceholder: '收件人的用户名',
  message: '内容',
  messagePlaceholder: '写下你想说的话（最多 {{max}} 个字）',
  addressRequired: '请输入收件人',
  sent: '发送成功',
  sendFailed: '发送失败',
  upgradeTitle: '需要升级~',
  upgradeReadText: '免费会员只能阅读客服发来的邮件。升级为 VIP 即可阅读所有邮件。',
  upgradeSendText: '免费会员只能给每位会员写一封邮件。升级为 VIP 即可继续给对方写信。',
  upgradeNow: '立即升级',
  later: '以后再说',
};

export default strings;
