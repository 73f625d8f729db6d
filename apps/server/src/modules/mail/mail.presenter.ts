import type { MailWire } from '@kindred/protocol';
import type { MailWithSender } from './mail.repository.js';

/** `locked`: the reader may not open this mail, so its text stays on the server. */
export function presentMail(row: MailWithSender, locked: boolean): MailWire {
  return {
    eid: row.id,
    type: row.type === 1 ? 1 : 0,
    sender_id: row.sender_id,
    sendername: row.sendername,
    avatar: row.avatar,
    create_time: Math.floor(row.created_at / 1000),
    msg: locked ? '' : row.msg,
    locked: locked ? 1 : 0,
  };
}
