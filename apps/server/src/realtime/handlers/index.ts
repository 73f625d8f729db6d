import { history, open, read, remove } from './conversations.js';
import { send } from './send.js';
import { init, ping } from './session.js';
import type { HandlerTable } from './types.js';
import { visibility } from './visibility.js';

/** One handler per opt; the gateway looks the opt up here. */
export const HANDLERS: HandlerTable = {
  0: open,
  1: send,
  3: history,
  4: read,
  5: remove,
  9: visibility,
  100: init,
  101: ping,
};
