import { randomBytes } from 'node:crypto';
import type {
  AuditAction,
  AuditObjectType,
  CatalogueDeleteWire,
  GiftAdminWire,
  GiftCategoryAdminWire,
  GiftCategorySaveBody,
  GiftSaveBody,
  MonthlyPriceSaveBody,
  MonthlyPriceWire,
  RechargePackageAdminWire,
  RechargePackageSaveBody,
  UpgradePackageAdminWire,
  UpgradePackageSaveBody,
} from '@kindred/protocol';
import type { Db, Tx } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { Staff } from '../../domain/staff.js';
import { fail } from '../../errors.js';
import type { UploadedFile } from '../../http/uploaded-file.js';
import { reencodeUpload } from '../../infra/images.js';
import type { Storage } from '../../infra/storage.js';
import type { AdminCatalogueRepository, GiftRow, RechargePackageRow, UpgradePackageRow } from './admin-catalogue.repository.js';
import type { AuditRepository } from './audit.repository.js';

const flag = (n: number): 0 | 1 => (n ? 1 : 0);
const presentGift = (g: GiftRow): GiftAdminWire => ({ ...g, price: Number(g.price), active: flag(g.active) });
const presentRecharge = (p: RechargePackageRow): RechargePackageAdminWire => ({ ...p, amount_cents: Number(p.amount_cents), credits: Number(p.credits), active: flag(p.active) });
const presentUpgrade = (p: UpgradePackageRow): UpgradePackageAdminWire => ({ ...p, amount_cents: Number(p.amount_cents), active: flag(p.active) });
const plain = (row: object) => ({ ...row }) as Record<string, unknown>;

/**
 * Catalogue and prices: create, update, delete (or, for what orders and sent gifts refer to,
 * deactivate), each with its audit row in the same transaction. Gift images go through the same
 * sharp pipeline as every upload and are kept under gift/ (outside the orphan sweep's folders).
 */
export class AdminCatalogueService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: AdminCatalogueRepository,
    private readonly storage: Storage,
    private readonly audit: AuditRepository,
  ) {}

  categories(): Promise<GiftCategoryAdminWire[]> {
    return this.catalogue.categories();
  }

  async saveCategory(staff: Staff, { id, ...fields }: GiftCategorySaveBody): Promise<GiftCategoryAdminWire> {
    const saved = await this.audited(staff, 'gift_category', id, async (trx) => {
      const before = id ? await this.catalogue.findCategory(id, trx) : undefined;
      if (id && !before) throw fail('not_found');
      const after = id ? (await this.catalogue.updateCategory(id, fields, trx))! : await this.catalogue.insertCategory(fields, trx);
      return { before, after, id: after.id };
    });
    return (await this.catalogue.categories()).find((c) => c.id === saved.id)!;
  }

  async deleteCategory(staff: Staff, id: number): Promise<CatalogueDeleteWire> {
    await this.audited(staff, 'gift_category', id, async (trx) => {
      const before = await this.catalogue.findCategory(id, trx);
      if (!before) throw fail('not_found');
      if ((await this.catalogue.gifts(id, trx)).length) throw fail('category_not_empty');
      await this.catalogue.deleteCategory(id, trx);
      return { before, after: undefined, id, deleted: true };
    });
    return { removed: 1, deactivated: 0 };
  }

  async gifts(categoryId?: number): Promise<GiftAdminWire[]> {
    return (await this.catalogue.gifts(categoryId)).map(presentGift);
  }

  /** The image (field `image`) is required for a new gift; a new one replaces the old path. */
  async saveGift(staff: Staff, { id, ...fields }: GiftSaveBody, image: UploadedFile | undefined): Promise<GiftAdminWire> {
    if (!id && !image) throw fail('gift_image_required');
    if (!(await this.catalogue.findCategory(fields.category_id))) throw fail('not_found');
    const path = image ? await this.storeImage(image) : undefined;
    try {
      const { after } = await this.audited(staff, 'gift', id, async (trx) => {
        const before = id ? await this.catalogue.findGift(id, trx) : undefined;
        if (id && !before) throw fail('not_found');
        const values = { ...fields, ...(path ? { path } : {}) };
        const after = id ? (await this.catalogue.updateGift(id, values, trx))! : await this.catalogue.insertGift({ ...values, path: path! }, trx);
        return { before, after, id: after.id };
      });
      return presentGift(after);
    } catch (error) {
      if (path) await this.storage.remove(path).catch(() => undefined);
      throw error;
    }
  }

  async deleteGift(staff: Staff, id: number): Promise<CatalogueDeleteWire> {
    return this.removeOrDeactivate(staff, 'gift', id, {
      find: (trx) => this.catalogue.findGift(id, trx),
      inUse: (trx) => this.catalogue.giftWasGiven(id, trx),
      deactivate: (trx) => this.catalogue.updateGift(id, { active: 0 }, trx),
      remove: (trx) => this.catalogue.deleteGift(id, trx),
    });
  }

  async rechargePackages(): Promise<RechargePackageAdminWire[]> {
    return (await this.catalogue.rechargePackages()).map(presentRecharge);
  }

  async saveRechargePackage(staff: Staff, { id, ...fields }: RechargePackageSaveBody): Promise<RechargePackageAdminWire> {
    const { after } = await this.audited(staff, 'recharge_package', id, async (trx) => {
      const before = id ? await this.catalogue.findRechargePackage(id, trx) : undefined;
      if (id && !before) throw fail('not_found');
      const after = id ? (await this.catalogue.updateRechargePackage(id, fields, trx))! : await this.catalogue.insertRechargePackage(fields, trx);
      return { before, after, id: after.id };
    });
    return presentRecharge(after);
  }

  deleteRechargePackage(staff: Staff, id: number): Promise<CatalogueDeleteWire> {
    return this.removeOrDeactivate(staff, 'recharge_package', id, {
      find: (trx) => this.catalogue.findRechargePackage(id, trx),
      inUse: (trx) => this.catalogue.packageOrdered(1, id, trx),
      deactivate: (trx) => this.catalogue.updateRechargePackage(id, { active: 0 }, trx),
      remove: (trx) => this.catalogue.deleteRechargePackage(id, trx),
    });
  }

  async upgradePackages(): Promise<UpgradePackageAdminWire[]> {
    return (await this.catalogue.upgradePackages()).map(presentUpgrade);
  }

  async saveUpgradePackage(staff: Staff, { id, ...fields }: UpgradePackageSaveBody): Promise<UpgradePackageAdminWire> {
    const { after } = await this.audited(staff, 'upgrade_package', id, async (trx) => {
      const before = id ? await this.catalogue.findUpgradePackage(id, trx) : undefined;
      if (id && !before) throw fail('not_found');
      const after = id ? (await this.catalogue.updateUpgradePackage(id, fields, trx))! : await this.catalogue.insertUpgradePackage(fields, trx);
      return { before, after, id: after.id };
    });
    return presentUpgrade(after);
  }

  deleteUpgradePackage(staff: Staff, id: number): Promise<CatalogueDeleteWire> {
    return this.removeOrDeactivate(staff, 'upgrade_package', id, {
      find: (trx) => this.catalogue.findUpgradePackage(id, trx),
      inUse: (trx) => this.catalogue.packageOrdered(2, id, trx),
      deactivate: (trx) => this.catalogue.updateUpgradePackage(id, { active: 0 }, trx),
      remove: (trx) => this.catalogue.deleteUpgradePackage(id, trx),
    });
  }

  async prices(): Promise<MonthlyPriceWire[]> {
    return (await this.catalogue.prices()).map((p) => ({ vip: p.vip, monthly_list_price_cents: Number(p.monthly_list_price_cents) }));
  }

  async savePrice(staff: Staff, { vip, monthly_list_price_cents }: MonthlyPriceSaveBody): Promise<MonthlyPriceWire> {
    const { after } = await this.audited(staff, 'price', vip, async (trx) => {
      const before = await this.catalogue.findPrice(vip, trx);
      return { before, after: await this.catalogue.putPrice(vip, monthly_list_price_cents, trx), id: vip };
    });
    return { vip: after.vip, monthly_list_price_cents: Number(after.monthly_list_price_cents) };
  }

  private async storeImage(file: UploadedFile): Promise<string> {
    if (file.buffer.length === 0) throw fail('not_an_image');
    const image = await reencodeUpload(file.buffer);
    return this.storage.put(`gift/${randomBytes(12).toString('base64url')}.${image.ext}`, image.data);
  }

  /** A row that orders or sent gifts refer to is deactivated; any other is deleted. */
  private async removeOrDeactivate(
    staff: Staff,
    type: 'gift' | 'recharge_package' | 'upgrade_package',
    id: number,
    ops: { find(trx: Tx): Promise<object | undefined>; inUse(trx: Tx): Promise<boolean>; deactivate(trx: Tx): Promise<object | undefined>; remove(trx: Tx): Promise<void> },
  ): Promise<CatalogueDeleteWire> {
    const { deactivated } = await this.audited(staff, type, id, async (trx) => {
      const before = await ops.find(trx);
      if (!before) throw fail('not_found');
      if (await ops.inUse(trx)) return { before, after: await ops.deactivate(trx), id, deactivated: true };
      await ops.remove(trx);
      return { before, after: undefined, id, deleted: true };
    });
    return deactivated ? { removed: 0, deactivated: 1 } : { removed: 1, deactivated: 0 };
  }

  /**
   * One catalogue change and its audit row in one transaction. The action follows from what the
   * work did: created (no row before), deleted, or updated (a deactivation is an update).
   */
  private audited<R extends { before: object | undefined; after: object | undefined; id: number; deleted?: boolean; deactivated?: boolean }>(
    staff: Staff,
    type: Exclude<AuditObjectType, 'staff' | 'report' | 'member' | 'permission' | 'setting'>,
    _id: number | undefined,
    work: (trx: Tx) => Promise<R>,
  ): Promise<R> {
    return inTransaction(this.db, async ({ trx }) => {
      const result = await work(trx);
      const verb = result.deleted ? 'delete' : result.before ? 'update' : 'create';
      const action = (type === 'price' ? 'price.update' : `${type}.${verb}`) as AuditAction;
      await this.audit.record(
        staff,
        { action, objectType: type, objectId: result.id, before: result.before ? plain(result.before) : null, after: result.after ? plain(result.after) : null },
        trx,
      );
      return result;
    });
  }
}
