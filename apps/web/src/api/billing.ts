import { pay, payGuid, payOrder, rechargePackages, upgradePackages, type OrderWire, type UserWire } from '@kindred/protocol';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../state/session';
import type { PayInput } from '../ui/payment-form';
import { accountKeys } from './account';
import { call } from './client';
import { retryUnanswered } from './retry';

export const billingKeys = {
  all: ['billing'] as const,
  rechargePackages: () => [...billingKeys.all, 'recharge-packages'] as const,
  upgradePackages: () => [...billingKeys.all, 'upgrade-packages'] as const,
  order: (guid: string) => [...billingKeys.all, 'order', guid] as const,
};

/** How often a page waiting for a provider asks again (a hosted page, a challenge, a scan). */
export const ORDER_POLL_MS = 2_000;

/** Prices belong to the server and change only when an administrator edits them. */
export function useRechargePackagesQuery() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: billingKeys.rechargePackages(), queryFn: () => call(rechargePackages), enabled: Boolean(token), staleTime: 5 * 60_000, retry: retryUnanswered });
}

export function useUpgradePackagesQuery() {
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: billingKeys.upgradePackages(), queryFn: () => call(upgradePackages), enabled: Boolean(token), staleTime: 5 * 60_000, retry: retryUnanswered });
}

/** A fresh guid: the idempotency key of the next payment (a retry of the same payment reuses it). */
export const useGenerateGuidMutation = () => useMutation({ mutationFn: () => call(payGuid) });

/**
 * A paid order changes the member at once everywhere: its answer carries the balance, the level in
 * force and the expiries, which go into the session (badge, balance, permissions re-derived from
 * vip); userinfo is fetched again for everything else the server may have changed.
 */
export function applyPaidOrder(qc: QueryClient, order: OrderWire) {
  const { user, setUser } = useSession.getState();
  if (user) {
    const next = { ...user, amount: order.amount, vip: order.vip, overduedate_1: order.overduedate_1, overduedate_2: order.overduedate_2 } as UserWire;
    setUser(next);
    qc.setQueryData(accountKeys.me(), (old: UserWire | undefined) => (old ? { ...old, ...next } : old));
  }
  void qc.invalidateQueries({ queryKey: accountKeys.me() });
}

/** member/Pay/pay; an order paid at once (card ok, balance) updates the member before the screen hears of it. */
export function usePayMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PayInput) => call(pay, body),
    onSuccess: (answer) => {
      qc.setQueryData(billingKeys.order(answer.guid), answer.order);
      if (answer.order.status === 'paid') applyPaidOrder(qc, answer.order);
    },
  });
}

/**
 * The order of `guid`, asked again every 2 s while it is pending (the payer is on a hosted page, in a
 * challenge frame or scanning a QR code); once paid the member is updated everywhere.
 */
export function useOrderStatusQuery(guid: string | null, { poll = true }: { poll?: boolean } = {}) {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const query = useQuery({
    queryKey: billingKeys.order(guid ?? ''),
    queryFn: () => call(payOrder, { guid: guid! }),
    enabled: Boolean(token && guid),
    refetchInterval: (q) => (poll && (q.state.data?.status ?? 'pending') === 'pending' && !q.state.error ? ORDER_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: retryUnanswered,
  });
  const paid = query.data?.status === 'paid' ? query.data : undefined;
  useEffect(() => {
    if (paid) applyPaidOrder(qc, paid);
  }, [paid, qc]);
  return query;
}
