import { z } from 'zod';
import {
  CatalogueDeleteWire,
  GiftAdminWire,
  GiftCategoryAdminWire,
  MonthlyPriceWire,
  RechargePackageAdminWire,
  UpgradePackageAdminWire,
} from '../wire/admin.js';
import { defineCall, EmptyBody } from './define.js';
import { id, int, requiredText, text } from './fields.js';

/**
 * The console's catalogue and prices: gift categories, gifts (with their image), recharge packages,
 * upgrade packages and the monthly list prices. `save` creates without `id` and updates with one
 * (all fields given either way). Members see a change on their next request. Money in cents,
 * prices of gifts and credits of packages in hundredths of a credit.
 */

const sort = () => int(0, 1_000_000).default(0);
const active = () => int(0, 1).default(1);
const name = () => requiredText(64);

export const CatalogueIdBody = z.object({ id: id() });
export type CatalogueIdBody = z.infer<typeof CatalogueIdBody>;

export const GiftCategorySaveBody = z.object({ id: id().optional(), name_en: name(), name_zh_cn: name(), name_zh_tw: name(), sort: sort() });
export type GiftCategorySaveBody = z.infer<typeof GiftCategorySaveBody>;

export const GiftListBody = z.object({ category_id: id().optional() });
export type GiftListBody = z.infer<typeof GiftListBody>;

/** A gift; the image comes in the file field `image` (required when creating, optional when updating). */
export const GiftSaveBody = z.object({
  id: id().optional(),
  category_id: id(),
  price: int(1, 100_000_000),
  title_en: name(),
  title_zh_cn: name(),
  title_zh_tw: name(),
  info_en: text(500).default(''),
  info_zh_cn: text(500).default(''),
  info_zh_tw: text(500).default(''),
  active: active(),
  sort: sort(),
});
export type GiftSaveBody = z.infer<typeof GiftSaveBody>;

export const RechargePackageSaveBody = z.object({
  id: id().optional(),
  amount_cents: int(1, 100_000_000),
  credits: int(1, 1_000_000_000),
  sort: sort(),
  active: active(),
});
export type RechargePackageSaveBody = z.infer<typeof RechargePackageSaveBody>;

export const UpgradePackageSaveBody = z.object({
  id: id().optional(),
  vip: int(1, 2),
  months: int(1, 60),
  amount_cents: int(1, 100_000_000),
  sort: sort(),
  active: active(),
});
export type UpgradePackageSaveBody = z.infer<typeof UpgradePackageSaveBody>;

export const MonthlyPriceSaveBody = z.object({ vip: int(1, 2), monthly_list_price_cents: int(1, 100_000_000) });
export type MonthlyPriceSaveBody = z.infer<typeof MonthlyPriceSaveBody>;

export const adminGiftCategories = defineCall({ path: '/admin/api/gift_categories/list', body: EmptyBody, answer: z.array(GiftCategoryAdminWire), access: 'staff' });
export const adminGiftCategorySave = defineCall({ path: '/admin/api/gift_categories/save', body: GiftCategorySaveBody, answer: GiftCategoryAdminWire, access: 'staff' });
/** Only an empty category can go (else category_not_empty). */
export const adminGiftCategoryDelete = defineCall({ path: '/admin/api/gift_categories/delete', body: CatalogueIdBody, answer: CatalogueDeleteWire, access: 'staff' });

export const adminGifts = defineCall({ path: '/admin/api/gifts/list', body: GiftListBody, answer: z.array(GiftAdminWire), access: 'staff' });
export const adminGiftSave = defineCall({ path: '/admin/api/gifts/save', body: GiftSaveBody, answer: GiftAdminWire, access: 'staff', files: ['image'] });
/** A gift already given is deactivated instead (received gifts keep showing it). */
export const adminGiftDelete = defineCall({ path: '/admin/api/gifts/delete', body: CatalogueIdBody, answer: CatalogueDeleteWire, access: 'staff' });

export const adminRechargePackages = defineCall({ path: '/admin/api/recharge_packages/list', body: EmptyBody, answer: z.array(RechargePackageAdminWire), access: 'staff' });
export const adminRechargePackageSave = defineCall({ path: '/admin/api/recharge_packages/save', body: RechargePackageSaveBody, answer: RechargePackageAdminWire, access: 'staff' });
/** A package orders refer to is deactivated instead. */
export const adminRechargePackageDelete = defineCall({ path: '/admin/api/recharge_packages/delete', body: CatalogueIdBody, answer: CatalogueDeleteWire, access: 'staff' });

export const adminUpgradePackages = defineCall({ path: '/admin/api/upgrade_packages/list', body: EmptyBody, answer: z.array(UpgradePackageAdminWire), access: 'staff' });
export const adminUpgradePackageSave = defineCall({ path: '/admin/api/upgrade_packages/save', body: UpgradePackageSaveBody, answer: UpgradePackageAdminWire, access: 'staff' });
export const adminUpgradePackageDelete = defineCall({ path: '/admin/api/upgrade_packages/delete', body: CatalogueIdBody, answer: CatalogueDeleteWire, access: 'staff' });

export const adminPrices = defineCall({ path: '/admin/api/prices/list', body: EmptyBody, answer: z.array(MonthlyPriceWire), access: 'staff' });
export const adminPriceSave = defineCall({ path: '/admin/api/prices/save', body: MonthlyPriceSaveBody, answer: MonthlyPriceWire, access: 'staff' });
