import { TIMINGS, type RechargePackageWire, type UpgradePlansWire } from '@kindred/protocol';
import { useEffect, useRef, useState } from 'react';
import { sanitizeAmount } from './payment-form';

/**
 * The spec's variant default for the recharge amount (§4 "amount default 800.00 in one variant"):
 * shown only when there is no third package to preselect.
 */
export const RECHARGE_DEFAULT_AMOUNT = '800.00';

/**
 * Runs `pick` once, 1 s after `ready` (docs/product-rules.md §4 "pay pages preselect after 1 s"), unless the member
 * chose something first.
 */
function usePreselect(ready: boolean, chosen: boolean, pick: () => void) {
  const touched = useRef(false);
  touched.current ||= chosen;
  const pickRef = useRef(pick);
  pickRef.current = pick;
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      if (!touched.current) pickRef.current();
    }, TIMINGS.presetSelectMs);
    return () => clearTimeout(timer);
  }, [ready]);
  return () => {
    touched.current = true;
  };
}

/**
 * The recharge amount: a preset package or a custom USD amount kept to the rule as it is typed.
 * Choosing a package puts its amount in the field; typing another amount leaves the packages.
 * The third package is preselected after 1 s (`initial` from the query string wins).
 */
export function useRechargeChoice(packages: RechargePackageWire[] | undefined, initial?: { selected?: number; amounts?: string }) {
  const [selected, setSelected] = useState(initial?.selected ?? 0);
  const [amount, setAmount] = useState(initial?.amounts ?? '');
  const touch = usePreselect(packages !== undefined, Boolean(initial?.selected || initial?.amounts), () => {
    const third = packages?.[2];
    if (third) {
      setSelected(third.id);
      setAmount(third.amounts);
    } else setAmount(RECHARGE_DEFAULT_AMOUNT);
  });
  const choose = (pkg: RechargePackageWire) => {
    touch();
    setSelected(pkg.id);
    setAmount(pkg.amounts);
  };
  const type = (raw: string) => {
    touch();
    const next = sanitizeAmount(raw);
    setAmount(next);
    const match = packages?.find((p) => p.id === selected);
    if (!match || match.amounts !== next) setSelected(0);
  };
  const chosen = packages?.find((p) => p.id === selected);
  return { selected, amount, choose, type, chosen };
}

export type UpgradeLevel = 1 | 2;

/** The upgrade package: a level's tab and one of its packages; the first silver package after 1 s. */
export function useUpgradeChoice(plans: UpgradePlansWire | undefined, initial?: { selected?: number; level?: UpgradeLevel }) {
  const [level, setLevel] = useState<UpgradeLevel>(initial?.level ?? 1);
  const [selected, setSelected] = useState(initial?.selected ?? 0);
  const touch = usePreselect(plans !== undefined, Boolean(initial?.selected), () => {
    const first = plans?.vip1.packages[0];
    if (first) {
      setLevel(1);
      setSelected(first.id);
    }
  });
  const choose = (lvl: UpgradeLevel, id: number) => {
    touch();
    setLevel(lvl);
    setSelected(id);
  };
  const chosen = plans ? findUpgradePackage(plans, selected) : undefined;
  return { level, setLevel, selected, choose, chosen };
}

/** A package of either level by id, with its level. */
export function findUpgradePackage(plans: UpgradePlansWire, id: number) {
  for (const level of [1, 2] as const) {
    const pkg = plans[`vip${level}`].packages.find((p) => p.id === id);
    if (pkg) return { ...pkg, level };
  }
  return undefined;
}
