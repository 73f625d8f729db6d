import { Sex, type LanguageBody, type ProfileBody } from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { avatarNotOwned, noPermission, notFound, profileEmailTaken } from '../../errors.js';
import type { Member } from '../auth/member.js';
import { TrendType, type TrendsRepository } from '../trends/trends.repository.js';
import { ownsImage } from '../uploads/ownership.js';
import type { UsersRepository } from '../users/users.repository.js';

export interface Account {
  user: UserRow;
  newfeedcount: number;
}

/** The live connection's side of a visibility change: kind 4 to her contacts and her other devices. */
export interface VisibilityAnnouncer {
  visibilityChanged(userId: number, isYin: number, origin?: string): Promise<void>;
}

export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly trends: TrendsRepository,
    private readonly visibility: VisibilityAnnouncer,
    private readonly now: () => number = Date.now,
  ) {}

  async get(memberId: number): Promise<Account> {
    const user = await this.users.findById(memberId);
    if (!user) throw notFound();
    return { user, newfeedcount: await this.trends.countByUser(memberId) };
  }

  /** The caller's own record: the row authentication loaded for this request is already current. */
  async own(member: Member): Promise<Account> {
    return { user: member.user, newfeedcount: await this.trends.countByUser(member.id) };
  }

  /** Avatar, e-mail, sex and birthday; writes the "avatar changed" / "edited profile" events to the feed. */
  async updateProfile(member: Member, body: ProfileBody): Promise<Account> {
    const current = member.user;
    // An avatar must be an image this member uploaded (or the one they already have).
    const avatar = body.avatar || body.avatar2 || current.avatar;
    if (avatar !== current.avatar && !ownsImage(member, avatar)) throw avatarNotOwned();
    if (body.email !== current.email) {
      const other = await this.users.findByEmail(body.email);
      if (other && other.id !== member.id) throw profileEmailTaken();
    }
    const now = this.now();
    const avatarChanged = avatar !== current.avatar;
    const detailsChanged = body.email !== current.email || body.sex !== current.sex || body.birthday !== current.birthday;
    await this.db.transaction().execute(async (trx) => {
      await this.users.update(member.id, { avatar, email: body.email, sex: body.sex, birthday: body.birthday, updated_at: now }, trx);
      if (avatarChanged) await this.trends.insert({ user_id: member.id, type: TrendType.avatarChanged, img: avatar, created_at: now }, trx);
      if (detailsChanged) await this.trends.insert({ user_id: member.id, type: TrendType.profileEdited, created_at: now }, trx);
    });
    return this.get(member.id);
  }

  async changeSignature(member: Member, signature: string): Promise<Account> {
    await this.users.update(member.id, { signature, updated_at: this.now() });
    return this.get(member.id);
  }

  /**
   * Invisible mode is for women only (spec sections 4 and 6). The one path for POST
   * /member/index/visibility and the socket's opt 9: stored, then announced live (`origin`: the
   * socket that asked, which gets its own answer).
   */
  async setVisibility(member: Member, isYin: number, origin?: string): Promise<Account> {
    if (member.sex !== Sex.female) throw noPermission();
    const value = isYin ? 1 : 0;
    await this.users.update(member.id, { is_yin: value, updated_at: this.now() });
    await this.visibility.visibilityChanged(member.id, value, origin);
    return this.get(member.id);
  }

  async setLanguage(member: Member, { lang }: LanguageBody): Promise<Account> {
    await this.users.update(member.id, { lang, updated_at: this.now() });
    return this.get(member.id);
  }
}
