/** mobile-chat strings (English), merged into the mobile namespace under `chat`. */
const strings = {
  chat: {},
};

export default strings;
export type MobileChatStrings = typeof strings;
