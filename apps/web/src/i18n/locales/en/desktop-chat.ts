/** desktop-chat strings (English), merged into the desktop namespace under `chat`. */
const strings = {
  chat: {},
};

export default strings;
export type DesktopChatStrings = typeof strings;
