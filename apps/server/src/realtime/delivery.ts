import { KIND, OPT, type ServerMessage } from '@kindred/protocol';
import type { MessageRow } from '../db/schema.js';
import type { Connection } from './connection.js';
import type { HubEvent } from './hub.js';
import type { ConnectionRegistry } from './registry.js';
import type { RealtimeServices } from './services.js';
import { visibleOnline } from '../modules/chat/chat.presenter.js';
import { presenceHidden } from './presence-privacy.js';

type Deliverable = Exclude<HubEvent, { type: 'sessions-ended' } | { type: 'member-changed' } | { type: 'settings-changed' }>;

interface Log {
  error(obj: unknown, msg: string): void;
}

/**
 * Turns a hub event into messages for this node's sockets. Only members connected here are
 * looked at; the thing itself is read from the database once per event, not per socket.
 */
export class Delivery {
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly services: RealtimeServices,
    private readonly log: Log,
  ) {}

  /** What goes out, in publication order (reads may finish in any order). */
  private chain: Promise<void> = Promise.resolve();

  handle(event: HubEvent): void {
    // Ended sessions close sockets (session-revocation.ts); there is nothing to deliver.
    // A changed member is re-read by the gateway (MemberLevels.changed); nothing goes out either.
    if (event.type === 'sessions-ended' || event.type === 'member-changed' || event.type === 'settings-changed') return;
    const targets = this.targets(event);
    if (targets.length === 0) return;
    if (event.type === 'message' && event.row) return this.sendMessage(event.row, targets);
    // The read starts at once, beside the earlier ones; its messages wait for theirs to go out, so
    // members see events in publication order without each read waiting for the one before.
    const prepared = this.prepare(event, targets).catch((err) => {
      this.log.error({ err, type: event.type }, 'delivery failed');
      return () => undefined;
    });
    this.chain = this.chain
      .then(() => prepared)
      .then((send) => send())
      .catch((err) => this.log.error({ err, type: event.type }, 'delivery failed'));
  }

  idle(): Promise<void> {
    return this.chain;
  }

  private sendMessage(message: MessageRow, targets: Connection[]): void {
    for (const c of targets) this.send(c, { kind: KIND.message, opt: OPT.send, status: 'success', message: this.services.chat.present(c.member!, message, c.readsAll) });
  }

  private targets(event: Deliverable): Connection[] {
    const found: Connection[] = [];
    for (const userId of new Set(event.to)) {
      for (const connection of this.registry.forUser(userId) ?? []) {
        if ('origin' in event && event.origin === connection.id) continue;
        found.push(connection);
      }
    }
    return found;
  }

  /** Reads what the event needs and answers how to send it. */
  private async prepare(event: Deliverable, targets: Connection[]): Promise<() => void> {
    switch (event.type) {
      case 'message': {
        const message = await this.services.chat.findMessage(event.messageId);
        return () => message && this.sendMessage(message, targets);
      }
      case 'presence':
        return () => {
          for (const c of targets) {
            const own = c.userId === event.userId;
            // An invisible member's arrival or departure is not news to a viewer who sees her offline
            // either way: even an unchanged frame would tell the moment she became active.
            if (!own && presenceHidden(c.member!.sex, event)) continue;
            // Her own other devices see her real state; everyone else what they may see.
            const isOnline = own ? (event.online ? 1 : 0) : visibleOnline(c.member!, event.online, event.isYin);
            this.send(c, { kind: KIND.presence, opt: event.opt, status: 'success', uid: event.userId, is_online: isOnline, is_yin: event.isYin });
          }
        };
      case 'deleted':
        return () => {
          for (const c of targets) this.send(c, { kind: KIND.contactDeleted, opt: OPT.delete, status: 'success', uid: event.peerId });
        };
      case 'read':
        return () => {
          for (const c of targets) this.send(c, { kind: KIND.read, opt: event.opt, status: 'success', uid: event.peerId });
        };
      case 'notice': {
        const unread = await this.perUser(targets, (id) => this.services.unreadNotices(id));
        return () => {
          for (const c of targets) this.send(c, { kind: KIND.notice, opt: OPT.init, status: 'success', notice: event.notice, unread: Math.max(1, unread.get(c.userId!) ?? 1) });
        };
      }
      case 'mail': {
        const mail = await this.services.findMail(event.mailId);
        if (!mail) return () => undefined;
        const unread = await this.perUser(targets, (id) => this.services.unreadMails(id));
        return () => {
          for (const c of targets) {
            this.send(c, { kind: KIND.mail, opt: OPT.init, status: 'success', eid: mail.eid, sender_id: mail.sender_id, sendername: mail.sendername, unread: unread.get(c.userId!) ?? 0 });
          }
        };
      }
    }
  }

  private async perUser(targets: Connection[], count: (userId: number) => Promise<number>): Promise<Map<number, number>> {
    const ids = [...new Set(targets.map((c) => c.userId!))];
    const counts = await Promise.all(ids.map(count));
    return new Map(ids.map((id, i) => [id, counts[i]!]));
  }

  private send(connection: Connection, message: ServerMessage): void {
    if (connection.member) connection.send(message);
  }
}
