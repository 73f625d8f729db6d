import type { MobileChatStrings } from '../en/mobile-chat';

const strings: MobileChatStrings = {
  chat: {},
};

export default strings;
