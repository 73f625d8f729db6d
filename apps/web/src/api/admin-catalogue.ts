import {
  adminGiftCategories,
  adminGiftCategoryDelete,
  adminGiftCategorySave,
  adminGiftDelete,
  adminGifts,
  adminGiftSave,
  adminPermissions,
  adminPermissionSet,
  adminPrices,
  adminPriceSave,
  adminRechargePackageDelete,
  adminRechargePackages,
  adminRechargePackageSave,
  adminSettings,
  adminSettingsSave,
  adminUpgradePackageDelete,
  adminUpgradePackages,
  adminUpgradePackageSave,
  type AnyCall,
  type CallInput,
  type PermissionMatrixWire,
} from '@kindred/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyArgs, CallBodyOf } from './client';
import { adminCall, ADMIN_KEY, refreshAfterAction } from './admin-client';

export const adminCatalogueKeys = {
  all: [ADMIN_KEY, 'catalogue'] as const,
  categories: [ADMIN_KEY, 'catalogue', 'categories'] as const,
  gifts: (categoryId?: number) => [ADMIN_KEY, 'catalogue', 'gifts', categoryId ?? 'all'] as const,
  recharge: [ADMIN_KEY, 'catalogue', 'recharge'] as const,
  upgrade: [ADMIN_KEY, 'catalogue', 'upgrade'] as const,
  prices: [ADMIN_KEY, 'catalogue', 'prices'] as const,
  permissions: [ADMIN_KEY, 'catalogue', 'permissions'] as const,
  settings: [ADMIN_KEY, 'catalogue', 'settings'] as const,
};

export const useGiftCategoriesQuery = () => useQuery({ queryKey: adminCatalogueKeys.categories, queryFn: () => adminCall(adminGiftCategories) });
export const useAdminGiftsQuery = (categoryId?: number) =>
  useQuery({ queryKey: adminCatalogueKeys.gifts(categoryId), queryFn: () => adminCall(adminGifts, categoryId ? { category_id: categoryId } : {}) });
export const useRechargePackagesQuery = () => useQuery({ queryKey: adminCatalogueKeys.recharge, queryFn: () => adminCall(adminRechargePackages) });
export const useUpgradePackagesQuery = () => useQuery({ queryKey: adminCatalogueKeys.upgrade, queryFn: () => adminCall(adminUpgradePackages) });
export const useMonthlyPricesQuery = () => useQuery({ queryKey: adminCatalogueKeys.prices, queryFn: () => adminCall(adminPrices) });
export const usePermissionMatrixQuery = () => useQuery({ queryKey: adminCatalogueKeys.permissions, queryFn: () => adminCall(adminPermissions) });
export const useAdminSettingsQuery = () => useQuery({ queryKey: adminCatalogueKeys.settings, queryFn: () => adminCall(adminSettings) });

/** A catalogue change: the whole catalogue refetches (counts per category move with gifts), and the audit log. */
function useCatalogueMutation<C extends AnyCall>(definition: C) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBodyOf<C>) => adminCall(definition, ...([body] as BodyArgs<C>)),
    onSuccess: () => refreshAfterAction(qc, 'catalogue'),
  });
}

export const useGiftCategorySaveMutation = () => useCatalogueMutation(adminGiftCategorySave);
export const useGiftCategoryDeleteMutation = () => useCatalogueMutation(adminGiftCategoryDelete);
/** Saves a gift; a new one needs its picture in `image` (the server re-encodes it like every upload). */
export const useGiftSaveMutation = () => useCatalogueMutation(adminGiftSave);
export const useGiftDeleteMutation = () => useCatalogueMutation(adminGiftDelete);
export const useRechargePackageSaveMutation = () => useCatalogueMutation(adminRechargePackageSave);
export const useRechargePackageDeleteMutation = () => useCatalogueMutation(adminRechargePackageDelete);
export const useUpgradePackageSaveMutation = () => useCatalogueMutation(adminUpgradePackageSave);
export const useUpgradePackageDeleteMutation = () => useCatalogueMutation(adminUpgradePackageDelete);
export const useMonthlyPriceSaveMutation = () => useCatalogueMutation(adminPriceSave);
export const useAdminSettingsSaveMutation = () => useCatalogueMutation(adminSettingsSave);

/** One cell of the matrix; the answer is the whole matrix as the server now holds it. */
export function usePermissionSetMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof adminPermissionSet>) => adminCall(adminPermissionSet, body),
    onSuccess: (matrix: PermissionMatrixWire) => {
      qc.setQueryData(adminCatalogueKeys.permissions, matrix);
      refreshAfterAction(qc);
    },
  });
}
