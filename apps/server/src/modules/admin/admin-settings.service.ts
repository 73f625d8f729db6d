import { ADMIN_PAGE_SIZE, type AdminSettingsWire, type AuditListBody, type AuditPageWire, type Authority, type PermissionSetBody } from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { Staff } from '../../domain/staff.js';
import type { PermissionsRepository } from '../permissions/permissions.repository.js';
import type { PermissionsService } from '../permissions/permissions.service.js';
import type { AuditRepository, AuditRow } from './audit.repository.js';
import type { LiveSettings } from './live-settings.js';
import type { SettingsRepository } from './settings.repository.js';

const parse = (json: string | null): Record<string, unknown> | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
};

const presentAudit = (r: AuditRow) => ({
  id: r.id,
  staff: r.staff_id != null || r.staff_username ? { id: r.staff_id ?? 0, username: r.staff_username } : null,
  action: r.action,
  object_type: r.object_type,
  object_id: r.object_id,
  before: parse(r.before),
  after: parse(r.after),
  address: r.address,
  create_time: Math.floor(Number(r.created_at) / 1000),
});

/**
 * The permission matrix, the free-chat quota and the audit log. Both settings are read by members
 * through short caches (PermissionsService, LiveSettings: a few seconds) on every node; after a
 * change commits, `onChanged` listeners hear it (composition.ts tells every node through the hub to
 * drop its caches), so members see it at once with no restart, and within the cache's few seconds
 * should that message be lost.
 */
export class AdminSettingsService {
  private readonly changed: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly permissionsRepo: PermissionsRepository,
    private readonly permissions: Pick<PermissionsService, 'authority' | 'invalidate'>,
    private readonly settings: SettingsRepository,
    private readonly live: Pick<LiveSettings, 'freeChats' | 'invalidate'>,
    private readonly audit: AuditRepository,
    private readonly now: () => number = Date.now,
  ) {}

  onChanged(listener: () => void): void {
    this.changed.push(listener);
  }

  private announce(): void {
    for (const listener of this.changed) listener();
  }

  async matrix(): Promise<Authority> {
    this.permissions.invalidate();
    return this.permissions.authority();
  }

  async setPermission(staff: Staff, { vip, flag, allowed }: PermissionSetBody): Promise<Authority> {
    const before = (await this.matrix())[`vip${vip}` as keyof Authority][flag];
    await inTransaction(this.db, async ({ trx }) => {
      await this.permissionsRepo.set(vip, flag, allowed === 1, trx);
      await this.audit.record(staff, { action: 'permission.update', objectType: 'permission', objectId: vip, before: { vip, flag, allowed: before }, after: { vip, flag, allowed } }, trx);
    });
    this.announce();
    return this.matrix();
  }

  async read(): Promise<AdminSettingsWire> {
    this.live.invalidate();
    return { free_chats: await this.live.freeChats() };
  }

  async save(staff: Staff, { free_chats }: { free_chats: number }): Promise<AdminSettingsWire> {
    const before = await this.read();
    await inTransaction(this.db, async ({ trx }) => {
      await this.settings.put('free_chats', String(free_chats), this.now(), trx);
      await this.audit.record(staff, { action: 'setting.update', objectType: 'setting', objectId: null, before: { free_chats: before.free_chats }, after: { free_chats } }, trx);
    });
    this.announce();
    return this.read();
  }

  async auditLog({ page, ...filters }: AuditListBody): Promise<AuditPageWire> {
    const { rows, total } = await this.audit.list(filters, (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
    return { items: rows.map(presentAudit), page, page_size: ADMIN_PAGE_SIZE, total };
  }
}
