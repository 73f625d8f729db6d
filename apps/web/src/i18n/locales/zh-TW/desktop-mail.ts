import type { DesktopMailStrings } from '../en/desktop-mail';

/** desktop-mail strings (繁體中文), merged into the desktop namespace under `mail`. */
const strings: DesktopMailStrings = {
  mail: {
    title: '郵件',
    subtitle: '其他會員寄給你的短郵件',
    newMessage: '寫新郵件',
    search: '依寄件人搜尋',
    empty: '還沒有郵件',
    noMatch: '沒有寄件人名為「{{name}}」的郵件',
    end: '沒有更多郵件了',
    unread: '未讀',
    unreadCount: '{{count}} 封未讀',
    locked: '升級會員後可閱讀此郵件',
    support: '客服',
    from: '寄件人',
    received: '收到時間',
    reply: '回覆',
    sendTitle: '寫新郵件',
    address: '收件人',
    addressPlaceholder: '收件人的使用者名稱或電子郵件',
    message: '內容',
    messagePlaceholder: '寫下你想說的話（最多 {{max}} 個字）',
    addressRequired: '請輸入收件人',
    sent: '發送成功',
    sendFailed: '發送失敗',
    upgradeTitle: '需要升級~',
    upgradeText: '免費會員只能閱讀客服寄來的郵件。升級為 VIP 即可閱讀所有郵件。',
    upgradeNow: '立即升級',
    later: '以後再說',
  },
};

export default strings;
