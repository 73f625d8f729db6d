import { exemptFromLevelRules, isReachable, opensMessageFrom, readsEveryMail, type EmailListBody, type EmailReleasedBody } from '@kindred/protocol';
import type { Can, Member } from '../../domain/member.js';
import { fail } from '../../errors.js';
import type { BlockCheck } from '../blocks/blocks.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { MailRepository, MailWithSender } from './mail.repository.js';

export type MailListener = (mail: MailWithSender) => void;

export interface MailPage {
  rows: { mail: MailWithSender; locked: boolean }[];
  unread: number;
  lastPage: number;
}

/**
 * Short mails (docs/product-rules.md §5-§7). Rules:
 * - writing needs Start_mail_dialog; writing again to someone you have mailed with (a dialog
 *   exists, either way) also needs Continue_mail_dialog (need_upgrade otherwise);
 * - opening needs Read_mails, and free members (vip 0) may open only the support account's mails;
 *   others arrive in the list locked (no text);
 * - the support account is always reachable and staff are never held back.
 * `onSent` listeners (the live connection) hear of every stored mail.
 */
export class MailService {
  private readonly listeners = new Set<MailListener>();

  constructor(
    private readonly mails: MailRepository,
    private readonly users: UsersRepository,
    private readonly can: Can,
    private readonly blocks: BlockCheck,
    private readonly now: () => number = Date.now,
  ) {}

  async list(member: Member, { page, limit, type }: EmailListBody): Promise<MailPage> {
    const [rows, total, unread, readsAll] = await Promise.all([
      this.mails.list(member.id, { type, offset: (page - 1) * limit, limit }),
      this.mails.count(member.id, type),
      this.mails.count(member.id, 0),
      this.readsAll(member),
    ]);
    return {
      rows: rows.map((mail) => ({ mail, locked: !opensMessageFrom(mail.sender_id, readsAll) })),
      unread,
      lastPage: Math.max(1, Math.ceil(total / limit)),
    };
  }

  /**
   * The recipient is named by username only (the field is called `email` in the spec): answering
   * 200 for a member's e-mail address and -1 for a stranger's told anyone whose the address is
   * (issue 9, finding 12). An e-mail address now answers -1 like an unknown name, whoever owns it.
   */
  async send(member: Member, { email: username, content }: EmailReleasedBody): Promise<MailWithSender> {
    const recipient = await this.users.findByUsername(username.trim());
    if (!recipient) throw fail('user_not_found');
    if (!isReachable(recipient) || recipient.id === member.id) throw fail('recipient_unavailable');
    await this.blocks.assertNotBlocked(member.id, recipient.id);
    if (!exemptFromLevelRules(member, recipient.id)) {
      if (!(await this.can(member, 'Start_mail_dialog'))) throw fail('no_permission');
      if ((await this.mails.existsBetween(member.id, recipient.id)) && !(await this.can(member, 'Continue_mail_dialog'))) throw fail('need_upgrade');
    }
    const row = await this.mails.insert({ sender_id: member.id, recipient_id: recipient.id, msg: content, created_at: this.now() });
    const mail: MailWithSender = { ...row, sendername: member.user.username, avatar: member.user.avatar };
    for (const listener of this.listeners) listener(mail);
    return mail;
  }

  /** Opening a mail: only its recipient, only if they may read it; unread becomes read. */
  async open(member: Member, id: number): Promise<MailWithSender> {
    const mail = await this.mails.findById(id);
    if (!mail || mail.recipient_id !== member.id) throw fail('not_found');
    await this.blocks.assertVisible(member.id, mail.sender_id);
    if (!opensMessageFrom(mail.sender_id, await this.readsAll(member))) throw fail('need_upgrade');
    await this.mails.markRead(id, member.id);
    return { ...mail, type: 1 };
  }

  unreadCount(userId: number): Promise<number> {
    return this.mails.count(userId, 0);
  }

  find(id: number): Promise<MailWithSender | undefined> {
    return this.mails.findById(id);
  }

  onSent(listener: MailListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async readsAll(member: Member): Promise<boolean> {
    return readsEveryMail(member, await this.can(member, 'Read_mails'));
  }
}
