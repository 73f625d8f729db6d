import {
  adminGiftCategories,
  adminGiftCategoryDelete,
  adminGiftCategorySave,
  adminGiftDelete,
  adminGifts,
  adminGiftSave,
  adminPrices,
  adminPriceSave,
  adminRechargePackageDelete,
  adminRechargePackages,
  adminRechargePackageSave,
  adminUpgradePackageDelete,
  adminUpgradePackages,
  adminUpgradePackageSave,
} from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { HandleOptions, Router } from '../../http/router.js';
import type { AdminCatalogueService } from './admin-catalogue.service.js';

export function adminCatalogueRoutes(router: Router, catalogue: AdminCatalogueService, uploadLimit: HandleOptions['rateLimit']) {
  router.handle(adminGiftCategories, async () => ok(await catalogue.categories()));
  router.handle(adminGiftCategorySave, async ({ body, member: staff }) => ok(await catalogue.saveCategory(staff, body)));
  router.handle(adminGiftCategoryDelete, async ({ body, member: staff }) => ok(await catalogue.deleteCategory(staff, body.id)));

  router.handle(adminGifts, async ({ body }) => ok(await catalogue.gifts(body.category_id)));
  router.handle(adminGiftSave, async ({ body, files, member: staff }) => ok(await catalogue.saveGift(staff, body, files.image)), { rateLimit: uploadLimit });
  router.handle(adminGiftDelete, async ({ body, member: staff }) => ok(await catalogue.deleteGift(staff, body.id)));

  router.handle(adminRechargePackages, async () => ok(await catalogue.rechargePackages()));
  router.handle(adminRechargePackageSave, async ({ body, member: staff }) => ok(await catalogue.saveRechargePackage(staff, body)));
  router.handle(adminRechargePackageDelete, async ({ body, member: staff }) => ok(await catalogue.deleteRechargePackage(staff, body.id)));

  router.handle(adminUpgradePackages, async () => ok(await catalogue.upgradePackages()));
  router.handle(adminUpgradePackageSave, async ({ body, member: staff }) => ok(await catalogue.saveUpgradePackage(staff, body)));
  router.handle(adminUpgradePackageDelete, async ({ body, member: staff }) => ok(await catalogue.deleteUpgradePackage(staff, body.id)));

  router.handle(adminPrices, async () => ok(await catalogue.prices()));
  router.handle(adminPriceSave, async ({ body, member: staff }) => ok(await catalogue.savePrice(staff, body)));
}
