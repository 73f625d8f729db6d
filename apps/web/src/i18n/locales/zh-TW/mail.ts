import type { MailStrings } from '../en/mail';

/** Mail strings both interfaces show (繁體中文), spread into desktop-mail and mobile-mail. */
const strings: MailStrings = {
  empty: '還沒有郵件',
  end: '沒有更多郵件了',
  unread: '未讀',
  unreadCount: '{{count}} 封未讀',
  locked: '升級會員後可閱讀此郵件',
  support: '客服',
  reply: '回覆',
  address: '收件人',
  addressPlaceholder: '收件人的使用者名稱',
  message: '內容',
  messagePlaceholder: '寫下你想說的話（最多 {{max}} 個字）',
  addressRequired: '請輸入收件人',
  sent: '發送成功',
  sendFailed: '發送失敗',
  upgradeTitle: '需要升級~',
  upgradeReadText: '免費會員只能閱讀客服寄來的郵件。升級為 VIP 即可閱讀所有郵件。',
  upgradeSendText: '免費會員只能給每位會員寫一封郵件。升級為 VIP 即可繼續給對方寫信。',
  upgradeNow: '立即升級',
  later: '以後再說',
};

export default strings;
