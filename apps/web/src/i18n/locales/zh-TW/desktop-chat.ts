import type { DesktopChatStrings } from '../en/desktop-chat';

const strings: DesktopChatStrings = {
  chat: {},
};

export default strings;
