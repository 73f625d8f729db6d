import type { DesktopChatStrings } from '../en/desktop-chat';

const strings: DesktopChatStrings = {
  chat: {
    title: '聊天',
    search: '按名字搜索聊天',
    noContacts: '还没有会话。在会员卡片或个人主页上打个招呼吧。',
    noMatch: '没有与该名字匹配的会话',
    pick: '选择一个会话开始聊天',
    support: '客服',
    supportHint: '客服中心 · 我们会尽快回复',
    noMessages: '还没有消息，打个招呼吧！',
    history: '更早的消息',
    delete: '删除',
    deleteConfirm: '删除与 {{name}} 的会话？只会从你这边删除。',
    placeholder: '输入消息…',
    emoticons: '表情',
    image: '发送图片',
    gifts: '礼物',
    translate: '翻译',
    translateThis: '翻译这条消息',
    translatePlaceholder: '要翻译的文字',
    translateRun: '翻译',
    translateUse: '用作我的消息',
    targets: { zh: '简体中文', cht: '繁体中文', en: '英语' },
    charged: '已使用 {{charged}} 金币 · 余额 {{amount}}',
    free: '会员免费使用',
    dock: '聊天',
    service: '在线客服',
    serviceHint: '关于账户、支付或其他会员的问题？请在这里留言。',
    openPage: '在聊天页面打开',
    expand: '展开',
    collapse: '收起',
    moreWindows: '另外 {{count}} 个会话',
    upgrade: '升级会员',
  },
};

export default strings;
