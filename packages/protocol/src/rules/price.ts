/** Monthly price and saving of docs/product-rules.md §9, on integer cents to avoid float drift. */
export function monthlyPriceCents(amountCents: number, months: number): number {
  if (months <= 0) throw new RangeError('months must be positive');
  return Math.round(amountCents / months);
}

export function savingPercent(listPriceCents: number, monthlyCents: number): number {
  if (listPriceCents <= 0) return 0;
  return Math.trunc(((listPriceCents - monthlyCents) / listPriceCents) * 100);
}

export function formatUsd(cents: number): string {
  return (cents / 100).toFixed(2);
}
