import type { DesktopChatStrings } from '../en/desktop-chat';

const strings: DesktopChatStrings = {
  chat: {
    title: '聊天',
    search: '依名稱搜尋聊天',
    noContacts: '還沒有對話。在會員卡片或個人頁面上打聲招呼吧。',
    noMatch: '沒有符合此名稱的對話',
    pick: '選擇一個對話開始聊天',
    support: '客服',
    supportHint: '客服中心 · 我們會盡快回覆',
    noMessages: '還沒有訊息，打聲招呼吧！',
    history: '更早的訊息',
    delete: '刪除',
    deleteConfirm: '刪除與 {{name}} 的對話？只會從你這邊刪除。',
    placeholder: '輸入訊息…',
    emoticons: '表情',
    image: '傳送圖片',
    gifts: '禮物',
    translate: '翻譯',
    translateThis: '翻譯這則訊息',
    translatePlaceholder: '要翻譯的文字',
    translateRun: '翻譯',
    translateUse: '用作我的訊息',
    targets: { zh: '簡體中文', cht: '繁體中文', en: '英文' },
    charged: '已使用 {{charged}} 金幣 · 餘額 {{amount}}',
    free: '會員免費使用',
    dock: '聊天',
    service: '線上客服',
    serviceHint: '關於帳戶、付款或其他會員的問題？請在這裡留言。',
    openPage: '在聊天頁面開啟',
    expand: '展開',
    collapse: '收合',
    moreWindows: '另外 {{count}} 個對話',
    upgrade: '升級會員',
  },
};

export default strings;
