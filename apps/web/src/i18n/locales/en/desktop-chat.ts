/** desktop-chat strings (English), merged into the desktop namespace under `chat`. */
const strings = {
  chat: {
    title: 'Chats',
    search: 'Search chats by name',
    noContacts: 'No conversations yet. Say hello from a member’s card or profile.',
    noMatch: 'No conversation matches this name',
    pick: 'Choose a conversation to start chatting',
    support: 'Support',
    supportHint: 'Customer service · we answer as soon as we can',
    noMessages: 'No messages yet. Say hello!',
    history: 'Earlier messages',
    delete: 'Delete',
    deleteConfirm: 'Delete your conversation with {{name}}? It is removed for you only.',
    placeholder: 'Write a message…',
    emoticons: 'Emoticons',
    image: 'Send an image',
    gifts: 'Gifts',
    translate: 'Translate',
    translateThis: 'Translate this message',
    translatePlaceholder: 'Text to translate',
    translateRun: 'Translate',
    translateUse: 'Use in my message',
    targets: { zh: 'Simplified Chinese', cht: 'Traditional Chinese', en: 'English' },
    charged: '{{charged}} credits used · balance {{amount}}',
    free: 'Free with your membership',
    dock: 'Chats',
    service: 'Customer service',
    serviceHint: 'Questions about your account, payments or a member? Write to us here.',
    openPage: 'Open in the chat page',
    expand: 'Expand',
    collapse: 'Minimise',
    moreWindows: '{{count}} more conversations',
    upgrade: 'Upgrade membership',
  },
};

export default strings;
export type DesktopChatStrings = typeof strings;
