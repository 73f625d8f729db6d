import { OPT } from '@kindred/protocol';
import { history, open, read, remove } from './conversations.js';
import { send } from './send.js';
import { init, ping } from './session.js';
import type { HandlerTable } from './types.js';
import { visibility } from './visibility.js';

/** One handler per opt; the gateway looks the opt up here. */
export const HANDLERS: HandlerTable = {
  [OPT.open]: open,
  [OPT.send]: send,
  [OPT.history]: history,
  [OPT.read]: read,
  [OPT.delete]: remove,
  [OPT.visibility]: visibility,
  [OPT.init]: init,
  [OPT.ping]: ping,
};
